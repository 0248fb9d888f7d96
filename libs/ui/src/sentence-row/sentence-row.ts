import styles from './sentence-row.module.css';

/**
 * The class of a sentence (its `<p>`) followed by a wrapping row of what it
 * speaks of, e.g. a question and its buttons, or "Changed meanwhile:" and
 * the changes; it spans the whole width of a form's grid.
 */
export const sentenceRowClass = styles.row ?? '';
