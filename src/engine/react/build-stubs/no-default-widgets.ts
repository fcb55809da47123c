/**
 * Stands in for rjsf's default widgets in the browser build (vite.config.ts aliases rjsf core's
 * `./components/widgets/index.js` here): every header field of a bill gets the theme's FieldWidget by
 * its uiSchema and every list of rows the theme's own field (theme/ui-schema.ts), so the twenty
 * default widgets (colour, file, rating, date-time pickers ...) are never rendered.
 */
export default function widgets() {
  return {};
}
