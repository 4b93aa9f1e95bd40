// Plain data, no zod: the rules every human-entered text field of the shared schemas follows.

/**
 * One line of text: no C0 or C1 control character (line breaks and tabs included). Names, titles and short labels
 * follow it, so a CR/LF cannot split a mail header, a log line or the menu's one-line layout.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const ONE_LINE_TEXT = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** Paragraphs of text: line breaks and tabs allowed, every other control character refused (descriptions, notes). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const PARAGRAPH_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/** The message of a field that broke {@link ONE_LINE_TEXT}. */
export const oneLineMessage = (field: string) => `${field} must be one line of text, without control characters`;

/** The message of a field that broke {@link PARAGRAPH_TEXT}. */
export const paragraphMessage = (field: string) => `${field} must be text, without control characters`;
