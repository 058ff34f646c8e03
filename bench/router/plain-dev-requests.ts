/**
 * A development set for the lexical lane's vocabulary: plain requests over dwim's own served tools, phrased with
 * everyday words rather than the tools' own names and keywords (the way users and agents often ask), and off-topic
 * requests that none of dwim's tools serves (some with common verbs that also name a tool's job: run, open, get,
 * check, save). Written by hand and committed before any change it was meant to measure was run. Unlike
 * plain-requests.ts (a check set, never tuned on), this set may be read while developing; it is never used to fit a
 * constant.
 */
import type { PlainRequest } from "./plain-requests.js";

export const PLAIN_DEV_REQUESTS: readonly PlainRequest[] = [
  // fuzzy_search_content
  { query: "which source files talk about the retry limit", expected: "fuzzy_search_content" },
  { query: "hunt through the code for every place that logs an error", expected: "fuzzy_search_content" },
  { query: "look inside the files for the phrase connection refused", expected: "fuzzy_search_content" },
  { query: "where in the codebase do we reference the old api endpoint", expected: "fuzzy_search_content" },
  { query: "scan the sources for hardcoded passwords", expected: "fuzzy_search_content" },
  // fuzzy_search_files
  { query: "where does the makefile live in this repo", expected: "fuzzy_search_files" },
  { query: "get me the path of every markdown document in the docs folder", expected: "fuzzy_search_files" },
  { query: "is there a file called settings.yaml somewhere", expected: "fuzzy_search_files" },
  { query: "track down the stylesheet for the login page", expected: "fuzzy_search_files" },
  // read_file
  { query: "display the changelog", expected: "read_file" },
  { query: "let me see what's in package.json", expected: "read_file" },
  { query: "dump the text of the license document", expected: "read_file" },
  { query: "I want to look at the first fifty lines of app.py", expected: "read_file" },
  // edit_file
  { query: "fix the typo in the header of index.html", expected: "edit_file" },
  { query: "rename the variable count to total in counter.js", expected: "edit_file" },
  { query: "alter the timeout value in the config to 30 seconds", expected: "edit_file" },
  { query: "swap the deprecated call for the new one in main.go", expected: "edit_file" },
  { query: "update the version string in setup.py", expected: "edit_file" },
  // convert
  { query: "how much is 5 pounds in kilos", expected: "convert" },
  { query: "turn 100 degrees fahrenheit into celsius", expected: "convert" },
  { query: "express 3 liters as gallons", expected: "convert" },
  { query: "what is 60 miles per hour in meters per second", expected: "convert" },
  { query: "translate 2 cups to milliliters", expected: "convert" },
  // compute
  {
    query: "work out the dose in ml for a 20 kg child at 15 mg per kg with a 250 mg per 5 ml syrup",
    expected: "compute",
  },
  {
    query: "calculate the total cost of driving 300 km at 7 liters per 100 km and 1.8 euros per liter",
    expected: "compute",
  },
  {
    query: "figure out how many milligrams per hour an infusion of 2 ml per minute at 4 mg per ml delivers",
    expected: "compute",
  },
  // check_dimensions
  { query: "can newtons be turned into joules", expected: "check_dimensions" },
  { query: "are watts and horsepower the same kind of thing", expected: "check_dimensions" },
  { query: "is it possible to go from pascals to psi", expected: "check_dimensions" },
  // list_units
  { query: "what length measures do you know about", expected: "list_units" },
  { query: "show every pressure unit you support", expected: "list_units" },
  { query: "enumerate the units of energy", expected: "list_units" },
  // list_scales
  { query: "what does the prefix mega stand for", expected: "list_scales" },
  { query: "show the metric prefixes and their multipliers", expected: "list_scales" },
  { query: "how big is a gibi compared to a giga", expected: "list_scales" },
  // list_dimensions
  { query: "what physical quantities can you handle", expected: "list_dimensions" },
  { query: "what is the formula behind acceleration as a dimension", expected: "list_dimensions" },
  { query: "enumerate the dimensions like length mass and time", expected: "list_dimensions" },
  // define_unit
  { query: "add a new unit called furlong for this chat", expected: "define_unit" },
  { query: "create my own unit named beard-second", expected: "define_unit" },
  { query: "introduce a custom measure called the smoot", expected: "define_unit" },
  // define_conversion
  { query: "say that one smoot equals 1.7018 meters", expected: "define_conversion" },
  { query: "set how my made-up unit relates to meters", expected: "define_conversion" },
  { query: "tell the converter that a league is three miles", expected: "define_conversion" },
  // reset_session
  { query: "throw away all the units I made up", expected: "reset_session" },
  { query: "start over with only the built-in units", expected: "reset_session" },
  { query: "wipe my custom unit definitions", expected: "reset_session" },
  // remember
  { query: "jot down that we picked postgres over mysql", expected: "remember" },
  { query: "keep a note that the staging server needs a VPN", expected: "remember" },
  { query: "make sure future agents know we never commit generated files", expected: "remember" },
  // remember_batch
  { query: "load these 200 notes into memory in one go", expected: "remember_batch" },
  { query: "save a whole list of lessons learned at once", expected: "remember_batch" },
  { query: "import many memories together from this export", expected: "remember_batch" },
  // recall
  { query: "what do we already know about the caching layer", expected: "recall" },
  { query: "remind me why we switched to pnpm", expected: "recall" },
  { query: "what was the reasoning behind the retry policy", expected: "recall" },
  // search_memories
  { query: "look up stored notes that mention kubernetes", expected: "search_memories" },
  { query: "query the memory for entries with the word latency", expected: "search_memories" },
  { query: "are there saved notes containing the text rate limit", expected: "search_memories" },
  // record_outcome
  { query: "mark the decision to use redis as a success", expected: "record_outcome" },
  { query: "note that the approach of batching writes did not pan out", expected: "record_outcome" },
  { query: "report that the migration plan went badly", expected: "record_outcome" },
  // forget
  { query: "drop the memory about the old deploy script", expected: "forget" },
  { query: "erase that outdated note for good", expected: "forget" },
  { query: "discard memory 42", expected: "forget" },
  // analyze_intent
  { query: "which of your functions would help me rename a symbol", expected: "analyze_intent" },
  { query: "I need to measure a room, what should I call", expected: "analyze_intent" },
  { query: "pick the best helper for counting lines of code", expected: "analyze_intent" },
  // resolve_tool
  { query: "is read_fiel a real command", expected: "resolve_tool" },
  { query: "what does the name grep map to here", expected: "resolve_tool" },
  { query: "did I spell convrt right", expected: "resolve_tool" },
  // list_capabilities
  { query: "what can you do", expected: "list_capabilities" },
  { query: "give me an inventory of everything this server offers", expected: "list_capabilities" },
  { query: "enumerate all the functions you expose", expected: "list_capabilities" },
];

/** Requests none of dwim's tools serves: a right answer is no match. */
export const PLAIN_DEV_OFF_TOPIC: readonly string[] = [
  "run a marathon in under four hours",
  "get me a taxi to the airport",
  "open a savings account at my bank",
  "check the weather in Lisbon tomorrow",
  "save money on groceries this month",
  "book a flight to Tokyo",
  "order a pizza with extra cheese",
  "what's a good name for a puppy",
  "write a poem about autumn",
  "tell me a joke",
  "play some relaxing jazz",
  "who won the football match yesterday",
  "recommend a thriller movie for tonight",
  "how do I bake sourdough bread",
  "set an alarm for 7 am",
  "send an email to my landlord",
  "what is the capital of Australia",
  "translate good morning into Italian",
  "buy a new pair of running shoes",
  "find a dentist near me",
  "draw a picture of a cat",
  "schedule a meeting with the design team on friday",
  "how tall is mount everest",
  "change my profile picture",
  "read me a bedtime story",
  "how often should I water a cactus",
  "forget about the party, I'm too tired",
  "list the planets of the solar system",
  "search for cheap hotels in rome",
  "call my mother",
  "turn off the living room lights",
  "what should I cook for dinner",
  "record a voice memo",
  "explain quantum entanglement simply",
  "how old is the universe",
  "clear my browser cache",
  "plan a trip to the mountains",
  "what time is it in new york",
  "summarise the news today",
  "help me pick a birthday present for my sister",
  "track my package from the post office",
  "start a timer for ten minutes",
];
