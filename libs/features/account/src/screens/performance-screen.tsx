/** The heading of the screen, also the accessible name of its region. */
const TITLE = 'Performance';

/**
 * The Performance screen of the account area, opened from the user menu. Its
 * content is not specified yet; the screen is reachable, titled and routed.
 */
export default function PerformanceScreen() {
  return (
    <section aria-labelledby="performance-screen-title">
      <h1 id="performance-screen-title">{TITLE}</h1>
    </section>
  );
}
