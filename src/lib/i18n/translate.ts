export type Messages = Readonly<Record<string, string>>;
export type Params = Readonly<Record<string, string | number>>;
export type Translate = (key: string, params?: Params) => string;

/**
 * Builds t() over a dictionary, falling back per key to English and then to the key itself,
 * so a missing phrase never blanks the interface.
 */
export function createTranslate(messages: Messages, fallback: Messages = {}): Translate {
  return (key, params) => {
    const template = messages[key] ?? fallback[key] ?? key;
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
  };
}
