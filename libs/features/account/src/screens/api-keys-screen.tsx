/** The heading of the screen, also the accessible name of its region. */
const TITLE = 'API Keys';

/**
 * The API Keys screen of the account area, opened from the user menu. Its
 * content is not specified yet; the screen is reachable, titled and routed.
 */
export default function ApiKeysScreen() {
  return (
    <section aria-labelledby="api-keys-screen-title">
      <h1 id="api-keys-screen-title">{TITLE}</h1>
    </section>
  );
}
