/** Horizontal page gutters shared by the header and every screen, so edges line up. */
export const pageGutter = "px-5 sm:px-8 lg:px-12 2xl:px-16";
