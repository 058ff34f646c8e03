/** Function words that add nothing to a search over natural-language text but match nearly every document. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be been being but by can could did do does for from had has have how i if in into is it its " +
    "me my of on or our should so than that the their them then there these they this to too was we were what when " +
    "where which while who why will with would you your about after again also any because before between both each " +
    "just more most no not only other over same some such up very"
  ).split(" "),
);
