/**
 * The screen sizes the operator works at (issues 15 and 31): a 1366×768 laptop, a 1024×768 and a 768×1024 tablet
 * and a 390×844 phone, offered in Storybook's viewport toolbar for every screen; a story opens at one with
 * `globals: TABLET_GLOBALS` or `PHONE_GLOBALS`.
 */
export const VIEWPORTS = {
  laptop: { name: 'Laptop 1366×768', styles: { width: '1366px', height: '768px' }, type: 'desktop' },
  tablet: { name: 'Tablet 1024×768', styles: { width: '1024px', height: '768px' }, type: 'tablet' },
  portraitTablet: { name: 'Tablet 768×1024', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
  phone: { name: 'Phone 390×844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
} as const;

export const TABLET_GLOBALS = { viewport: { value: 'tablet', isRotated: false } };
export const PHONE_GLOBALS = { viewport: { value: 'phone', isRotated: false } };
