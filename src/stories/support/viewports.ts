/**
 * The screen sizes the operator works at (issue 15): a 1366×768 laptop and a 1024×768 tablet, offered in
 * Storybook's viewport toolbar; a story opens at one with `globals: TABLET_GLOBALS`.
 */
export const VIEWPORTS = {
  laptop: { name: 'Laptop 1366×768', styles: { width: '1366px', height: '768px' }, type: 'desktop' },
  tablet: { name: 'Tablet 1024×768', styles: { width: '1024px', height: '768px' }, type: 'tablet' },
} as const;

export const TABLET_GLOBALS = { viewport: { value: 'tablet', isRotated: false } };
