/**
 * Function words: articles, prepositions, conjunctions, auxiliaries and pronouns. They match nearly every text and say
 * nothing about its topic, so a search over natural-language text (memory's lexical lane, the hash embedding's
 * features) leaves them out. Pronouns belong here too: a question about a person is full of them ("what did she give
 * her brother?"), and in a corpus of conversations they pull in any turn that mentions someone. The router's requests
 * add their own filler to this list (see src/router/text.ts).
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be been being but by can could did do does for from had has have how i if in into is it its " +
    "me my of on or our should so than that the their them then there these they this to too was we were what when " +
    "where which while who why will with would you your about after again also any because before between both each " +
    "just more most no not only other over same some such up very those here under " +
    "he him his himself she her hers herself theirs themselves us ours ourselves yours yourself itself myself mine"
  ).split(" "),
);
