/** The engagement capability: bookmarks, ratings and usage history of signed-in users. */
export { bookmark, removeBookmark, resolveFavorite, rate, recordHistory } from './commands';
export { bookmarkDecider, bookmarkStream } from './domain/bookmark';
export { ratingDecider } from './domain/rating';
export { historyDecider } from './domain/history';
export * from './contracts';
