import { ScreenFrame } from '@collective/nav/react';
import { DataState, queryState } from '@collective/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { useInstructionPages } from '../../data/instructions';
import { InstructionPageView } from './instruction-page';
import styles from './instructions.module.css';

/**
 * The screen of /instructions (decisions D20; docs/decisions/0097): the
 * active tenant's how-to pages, listed in their order beside the page
 * chosen in the URL (`?page=<slug>`, the first by default). Everyone the
 * route admits reads them; collective admins edit them in place.
 */
export default function InstructionsScreen() {
  const pages = useInstructionPages();
  const [params] = useSearchParams();
  const list = pages.data?.pages ?? [];
  const asked = params.get('page');
  const current = list.find((page) => page.slug === asked) ?? list[0];
  return (
    <ScreenFrame>
      <DataState {...queryState(pages)} loadingText="Loading the instructions…">
        {current === undefined ? (
          <p>There are no instruction pages on this tenant yet.</p>
        ) : (
          <div className={styles.layout}>
            <nav aria-label="Instruction pages" className={styles.pages}>
              <ul>
                {list.map((page) => (
                  <li key={page.slug}>
                    <Link
                      to={`?page=${page.slug}`}
                      aria-current={
                        page.slug === current.slug ? 'page' : undefined
                      }
                    >
                      {page.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className={styles.page}>
              {asked !== null && asked !== current.slug ? (
                <p role="status">
                  There is no page “{asked}”; here is the first one.
                </p>
              ) : null}
              <InstructionPageView key={current.slug} slug={current.slug} />
            </div>
          </div>
        )}
      </DataState>
    </ScreenFrame>
  );
}
