import styles from './g2.module.css';

/** Props of {@link FileField}. */
export interface FileFieldProps {
  id: string;
  label: string;
  /** The file types offered (the input's `accept`). */
  accept: string;
  /** The id of the text that says what file is expected. */
  describedBy?: string;
  /** Receives the file picked, or `null` when none is. */
  onFile: (file: File | null) => void;
}

/** A labelled file picker: the file field of the G2 forms. */
export function FileField({
  id,
  label,
  accept,
  describedBy,
  onFile,
}: FileFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={describedBy}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
    </div>
  );
}
