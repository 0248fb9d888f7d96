import type { Platform } from '@collective/platform';
import { Alert, Button } from '@collective/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForChunk } from './chunk-reload';
import styles from './screen-boundary.module.css';

/** Props of {@link ScreenBoundary}. */
export interface ScreenBoundaryProps {
  platform: Pick<Platform, 'tabStorage' | 'reload'>;
  /** Where the error is logged; `console.error` by default. */
  log?: (message: string, error: unknown) => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  reloading: boolean;
}

/**
 * Catches what one screen throws, so the shell around it keeps working. A
 * screen whose chunk failed to load (typically after a new deploy) reloads
 * the page once; if that does not help, or the screen itself broke, an error
 * panel says so, with Reload (for a chunk) or Try again (for the screen).
 */
export class ScreenBoundary extends Component<ScreenBoundaryProps, State> {
  override state: State = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadOnceForChunk(this.props.platform)) {
      this.setState({ reloading: true });
      return;
    }
    (this.props.log ?? ((m, e) => console.error(m, e)))(
      `A screen failed${info.componentStack ? ` in${info.componentStack.split('\n')[1] ?? ''}` : ''}.`,
      error,
    );
  }

  override render() {
    const { error, reloading } = this.state;
    if (error === null) return this.props.children;
    if (reloading)
      return (
        <p role="status" className={styles.panel}>
          Loading the latest version of the dashboard…
        </p>
      );
    const chunk = isChunkLoadError(error);
    return (
      <div className={styles.panel}>
        <h1 className={styles.title}>This screen could not be shown</h1>
        <Alert>
          {chunk
            ? 'Part of the dashboard could not be loaded. The dashboard may have been updated, or the connection dropped.'
            : 'Something went wrong while showing this screen. The rest of the dashboard still works.'}
        </Alert>
        {chunk ? (
          <Button onClick={() => this.props.platform.reload()}>Reload</Button>
        ) : (
          <Button onClick={() => this.setState({ error: null })}>
            Try again
          </Button>
        )}
      </div>
    );
  }
}
