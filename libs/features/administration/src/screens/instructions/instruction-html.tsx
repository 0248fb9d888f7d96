import { useEffect, useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { routeAt } from '@collective/nav/react';
import styles from './instructions.module.css';

/**
 * Follows a click on a link to a screen of the dashboard inside the page's
 * HTML (`/instructions?page=…`) inside the app, without reloading it;
 * other links (the server's own pages, a new tab, mail) behave as links do.
 */
function useInAppLinks(content: RefObject<HTMLDivElement | null>) {
  const navigate = useNavigate();
  useEffect(() => {
    const element = content.current;
    if (!element) return undefined;
    const follow = (event: MouseEvent) => {
      const link = (event.target as Element).closest?.('a[href]');
      if (
        !link ||
        link.hasAttribute('target') ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const url = new URL(
        link.getAttribute('href') ?? '',
        window.location.href,
      );
      // Only a screen of the route table; other paths (/mail-back) are the server's pages.
      if (url.origin !== window.location.origin || !routeAt(url.pathname))
        return;
      event.preventDefault();
      void navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    element.addEventListener('click', follow);
    return () => element.removeEventListener('click', follow);
  }, [content, navigate]);
}

/**
 * The HTML the server rendered and sanitised from the page's Markdown
 * (docs/decisions/0097): the only markup the dashboard inserts as HTML,
 * and never any it made from the Markdown itself.
 */
export function InstructionHtml({
  html,
  label,
}: {
  html: string;
  /** Makes it a region named so for screen readers (the page's title); none inside a region of its own. */
  label?: string;
}) {
  const content = useRef<HTMLDivElement>(null);
  useInAppLinks(content);
  return (
    <div
      ref={content}
      {...(label === undefined ? {} : { role: 'region', 'aria-label': label })}
      className={styles.content}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
