/**
 * An enum's values from one string of them, separated by single spaces: a bundle carries each
 * value with one separator instead of quotes and a comma, and the type is the same tuple as an
 * `as const` array's.
 */
export function words(text) {
    return text.split(' ');
}
