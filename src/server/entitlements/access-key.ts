/** Access keys are case-insensitive; they are stored upper-case. */
export const normalizeKey = (key: string): string => key.trim().toUpperCase();

/** A reservation code has this shape even when no reservation with it exists. */
export const RESERVATION_PATTERN = /^RSV-[A-Z0-9-]+$/;

export const isReservationCode = (key: string): boolean => RESERVATION_PATTERN.test(key);
