/**
 * The images of every notification StudyPilot shows, from the page or from the service worker's push
 * (decision 260). PNG, not the SVG logo: Chrome on Android draws neither an SVG icon nor an SVG badge.
 * The badge is the status bar's small image, of which Android keeps only the alpha channel: the mark in
 * white on transparency (a full-colour square would show as a plain white square).
 */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-96.png';
