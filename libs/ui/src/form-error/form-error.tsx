import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { CONFLICT_MESSAGE } from '../constants';
import { useFormContext } from '../form/form';
import type { ServerError } from '../form/use-form';
import styles from './form-error.module.css';

/** Props of {@link FormError}. */
export interface FormErrorProps {
  /**
   * Loads the record as the server has it now, after a 409 (it receives the
   * error's `current`); typically fetches it and calls `form.reset(latest)`.
   * Without it, no "Load the latest version" button is shown.
   */
  onReloadLatest?: (current: unknown) => void;
  /** Shows this error instead of the form's own (for an error from elsewhere). */
  error?: ServerError | null;
  className?: string;
}

/**
 * What went wrong with the whole form, announced at once: the server's
 * answer to the last submission (a 409 conflict explains that the user's
 * changes are kept and offers the latest version; a 400 shows the server's
 * message) and any schema message about the form as a whole. The server's
 * field errors are shown on their fields by FormField.
 */
export function FormError({
  onReloadLatest,
  error,
  className,
}: FormErrorProps) {
  const form = useFormContext('FormError');
  const server = error === undefined ? form.serverError : error;
  const messages = [
    server && server.status !== 409 ? server.message : null,
    form.formError,
  ].filter((message): message is string => Boolean(message));
  if (server?.status === 409)
    return (
      <Alert className={className}>
        <p className={styles.text}>{CONFLICT_MESSAGE}</p>
        {onReloadLatest ? (
          <Button
            variant="secondary"
            onClick={() => onReloadLatest(server.current)}
          >
            Load the latest version
          </Button>
        ) : null}
      </Alert>
    );
  if (messages.length === 0) return null;
  return (
    <Alert className={className}>
      {messages.map((message) => (
        <p key={message} className={styles.text}>
          {message}
        </p>
      ))}
    </Alert>
  );
}
