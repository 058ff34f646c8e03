/**
 * Plain requests over dwim's own served tools, each with the one tool whose job it obviously is. Written by hand for
 * the calibration work before any scoring change was measured, and kept as a held-out check: never edited to fit a
 * result, never used to fit a constant. Some name the task the way a user would say it, some the way an agent would.
 */
export interface PlainRequest {
  query: string;
  expected: string;
}

export const PLAIN_REQUESTS: readonly PlainRequest[] = [
  // fuzzy_search_content
  { query: "find where the function parseConfig is defined", expected: "fuzzy_search_content" },
  { query: "search the code for TODO comments", expected: "fuzzy_search_content" },
  { query: "which files mention the word deprecated", expected: "fuzzy_search_content" },
  { query: "look for lines that call fetchUser in the repo", expected: "fuzzy_search_content" },
  { query: "grep the source for console.log", expected: "fuzzy_search_content" },
  // fuzzy_search_files
  { query: "find all the typescript files under src", expected: "fuzzy_search_files" },
  { query: "where is the package.json file", expected: "fuzzy_search_files" },
  { query: "list files whose name contains test", expected: "fuzzy_search_files" },
  { query: "locate the docker compose file in this project", expected: "fuzzy_search_files" },
  // read_file
  { query: "open the README and show me what it says", expected: "read_file" },
  { query: "read src/index.ts", expected: "read_file" },
  { query: "show me the contents of the config file", expected: "read_file" },
  { query: "print lines 10 to 40 of main.py", expected: "read_file" },
  // edit_file
  { query: "change the port from 3000 to 8080 in server.js", expected: "edit_file" },
  { query: "replace the old function name with the new one in utils.ts", expected: "edit_file" },
  { query: "fix the typo in the readme", expected: "edit_file" },
  { query: "create a new file called notes.md", expected: "edit_file" },
  // convert
  { query: "what's 3 meters in feet", expected: "convert" },
  { query: "how many ounces are in a kilogram", expected: "convert" },
  { query: "convert 98.6 fahrenheit to celsius", expected: "convert" },
  { query: "how much is 60 miles per hour in km/h", expected: "convert" },
  { query: "turn 2 cups into milliliters", expected: "convert" },
  // compute
  { query: "work out the dose: 5 mg per kg for a 70 kg patient", expected: "compute" },
  { query: "chain these conversion factors and track the units", expected: "compute" },
  { query: "multiply 3 hours by 55 miles per hour and give the distance", expected: "compute" },
  // check_dimensions
  { query: "can pascals be converted to psi", expected: "check_dimensions" },
  { query: "do watts and joules per second have the same dimension", expected: "check_dimensions" },
  { query: "are kelvin and celsius compatible units", expected: "check_dimensions" },
  // list_units
  { query: "which units of energy do you know", expected: "list_units" },
  { query: "list all the length units", expected: "list_units" },
  { query: "what units are supported for pressure", expected: "list_units" },
  // list_scales
  { query: "what SI prefixes are there", expected: "list_scales" },
  { query: "show the binary prefixes like kibi and mebi", expected: "list_scales" },
  { query: "what factor does the prefix milli stand for", expected: "list_scales" },
  // list_dimensions
  { query: "list the physical dimensions you know", expected: "list_dimensions" },
  { query: "what is the dimension formula of force", expected: "list_dimensions" },
  // define_unit
  { query: "define a custom unit called smoot for this session", expected: "define_unit" },
  { query: "add my own unit named furlongish", expected: "define_unit" },
  // define_conversion
  { query: "set how my custom unit converts to meters", expected: "define_conversion" },
  { query: "tell the converter that 1 smoot equals 1.7018 m", expected: "define_conversion" },
  // reset_session
  { query: "clear all the custom units I defined", expected: "reset_session" },
  { query: "reset the unit session", expected: "reset_session" },
  // remember
  { query: "remember that we use pnpm in this repo", expected: "remember" },
  { query: "save a note: the staging database is read only", expected: "remember" },
  { query: "store the decision to use postgres for sessions", expected: "remember" },
  // remember_batch
  { query: "import these 200 notes into memory at once", expected: "remember_batch" },
  { query: "save several memories in one batch", expected: "remember_batch" },
  // recall
  { query: "what did we decide about caching", expected: "recall" },
  { query: "why did we pick redis earlier", expected: "recall" },
  { query: "what does the project memory know about the deploy process", expected: "recall" },
  // search_memories
  { query: 'full text search my notes for "rate limit"', expected: "search_memories" },
  { query: "search stored memories for webhook", expected: "search_memories" },
  { query: "find the notes that mention kafka, newest first", expected: "search_memories" },
  // record_outcome
  { query: "mark the caching decision as having worked", expected: "record_outcome" },
  { query: "record that the retry approach failed", expected: "record_outcome" },
  // forget
  { query: "forget the memory about the old API key", expected: "forget" },
  { query: "delete that outdated note from memory", expected: "forget" },
  // analyze_intent
  { query: "which tool should I use to rename a variable", expected: "analyze_intent" },
  { query: "what tool fits the task of counting lines of code", expected: "analyze_intent" },
  // resolve_tool
  { query: "is fuzzy_serch_content a real tool name", expected: "resolve_tool" },
  { query: "check the spelling of a tool name", expected: "resolve_tool" },
  // list_capabilities
  { query: "what tools do you have", expected: "list_capabilities" },
  { query: "list every capability of this server", expected: "list_capabilities" },
  { query: "give me an overview of the available tools", expected: "list_capabilities" },
];
