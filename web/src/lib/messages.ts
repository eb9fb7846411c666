/** The spec's fallback texts (admin spec section 8), shown when the server gives no message. */
export const FALLBACK = {
  retrieve: 'Unknown Retrieve Error... Please try again.',
  save: 'Unknown Save Error... Please try again.',
  delete: 'Unknown Delete Error... Please try again.',
  update: 'Unknown Update Error... Please try again.',
  /** A failed user search (meetings spec section 8). */
  search: 'Unknown Search Error...',
  /** Where no more particular fallback applies (meetings spec section 8: start and end meeting). */
  general: 'Unknown Error... Please try again.',
} as const;
