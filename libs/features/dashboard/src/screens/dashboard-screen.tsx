/** The heading of the screen, also the accessible name of its region. */
const TITLE = 'Dashboard';

/**
 * The dashboard screen: a region labelled by its level-one heading, so
 * screen-reader users can find it from the landmarks list.
 */
export default function DashboardScreen() {
  return (
    <section aria-labelledby="dashboard-screen-title">
      <h1 id="dashboard-screen-title">{TITLE}</h1>
    </section>
  );
}
