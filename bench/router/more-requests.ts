/**
 * A second set of hand-written requests for the confidence check, over the catalogs of heldout.ts and
 * small-catalogs.ts: written at once, from how people ask for these tasks, before any of them was run, and never used
 * to fit or tune anything. It makes the held-out reliability table rest on more requests (with under 300, a perfectly
 * calibrated confidence already shows an expected calibration error near 0.05 from sampling alone).
 */
export interface MoreRequests {
  /** heldout.ts's catalog, or a small catalog by its label. */
  catalog: string;
  requests: Array<{ query: string; expected: string }>;
  offTopic: string[];
}

export const HELDOUT_CATALOG = "heldout";

export const MORE_REQUESTS: readonly MoreRequests[] = [
  {
    catalog: HELDOUT_CATALOG,
    requests: [
      { query: "show me the changelog file", expected: "read_text_file" },
      { query: "print the contents of docker-compose.yml", expected: "read_text_file" },
      { query: "read both package.json and tsconfig.json", expected: "read_multiple_files" },
      { query: "create a file hello.txt that says hello world", expected: "write_file" },
      { query: "overwrite notes.md with this new text", expected: "write_file" },
      { query: "in app.py change the debug flag from True to False", expected: "edit_file" },
      { query: "make a new directory called logs", expected: "create_directory" },
      { query: "what's inside the assets folder", expected: "list_directory" },
      { query: "show the whole folder structure as a tree", expected: "directory_tree" },
      { query: "move old.log into the archive folder", expected: "move_file" },
      { query: "find files with invoice in the name", expected: "search_files" },
      { query: "when was this file created", expected: "get_file_info" },
      { query: "what's the state of my working tree", expected: "git_status" },
      { query: "show the changes I haven't staged yet", expected: "git_diff_unstaged" },
      { query: "what exactly am I about to commit", expected: "git_diff_staged" },
      { query: "commit with message 'update readme'", expected: "git_commit" },
      { query: "stage the file src/app.ts", expected: "git_add" },
      { query: "show the last five commits", expected: "git_log" },
      { query: "start a new branch called feature/login", expected: "git_create_branch" },
      { query: "switch to the develop branch", expected: "git_checkout" },
      { query: "open a bug report on github about the crash on startup", expected: "create_issue" },
      { query: "what issues are open in the repo", expected: "list_issues" },
      { query: "open a pull request from my-feature into main", expected: "create_pull_request" },
      { query: "merge PR number 42", expected: "merge_pull_request" },
      { query: "find github projects for parsing markdown", expected: "search_repositories" },
      { query: "fork the lodash repo to my account", expected: "fork_repository" },
      { query: "leave a comment on issue 17 saying it's fixed", expected: "add_issue_comment" },
      { query: "what channels are there in our slack", expected: "slack_list_channels" },
      { query: "post 'standup in 5 minutes' in #general", expected: "slack_post_message" },
      { query: "answer that thread in slack with 'on it'", expected: "slack_reply_to_thread" },
      { query: "add a rocket emoji reaction to that message", expected: "slack_add_reaction" },
      { query: "who is in our slack workspace", expected: "slack_get_users" },
      { query: "run select * from users limit 10", expected: "query" },
      { query: "what tables does the database have", expected: "list_tables" },
      { query: "what columns does the orders table have", expected: "describe_table" },
      { query: "create a table for storing products with a name and a price", expected: "create_table" },
      { query: "get the html of https://example.org", expected: "fetch" },
      { query: "open google.com in the headless browser", expected: "puppeteer_navigate" },
      { query: "take a screenshot of the current page", expected: "puppeteer_screenshot" },
      { query: "press the submit button on the page", expected: "puppeteer_click" },
      { query: "enter my password in the password box", expected: "puppeteer_fill" },
      { query: "what's the time right now in Sydney", expected: "get_current_time" },
      { query: "if it's 9am in London what time is it in Los Angeles", expected: "convert_time" },
      { query: "add Bob to the knowledge graph as a person", expected: "create_entities" },
      { query: "record that Bob manages Alice in the graph", expected: "create_relations" },
      { query: "find everything in the knowledge graph about Acme", expected: "search_nodes" },
      { query: "remove Bob from the knowledge graph", expected: "delete_entities" },
      { query: "put a dentist appointment in my calendar for Monday at 9", expected: "create_event" },
      { query: "what's on my schedule tomorrow", expected: "list_events" },
      { query: "do I need an umbrella in London tomorrow", expected: "get_forecast" },
      { query: "any weather warnings for Florida", expected: "get_alerts" },
      { query: "what is 17 times 23", expected: "multiply" },
      { query: "what's 250 plus 375", expected: "add" },
    ],
    offTopic: [
      "tell me a bedtime story about a dragon",
      "what should I cook for dinner tonight",
      "how many people live in Canada",
      "recommend a good running shoe",
      "explain how photosynthesis works",
      "write a limerick about a cat",
      "book a hotel in Rome for next weekend",
      "what's a good name for a goldfish",
      "how do I tie a tie",
      "order flowers for my mom",
    ],
  },
  {
    catalog: "weather (2 tools)",
    requests: [
      { query: "how cold will it be in Chicago on Friday", expected: "get_forecast" },
      { query: "is there a hurricane warning in Louisiana", expected: "get_alerts" },
    ],
    offTopic: ["convert 10 euros to dollars", "who won the world cup in 2018", "set an alarm for 7am"],
  },
  {
    catalog: "git (5 tools)",
    requests: [
      { query: "what did I change in main.go", expected: "git_diff" },
      { query: "who made the last few commits", expected: "git_log" },
      { query: "go back to the main branch", expected: "git_checkout" },
      { query: "are there uncommitted files", expected: "git_status" },
    ],
    offTopic: ["send the invoice to the client", "what's the capital of Peru", "book a table for four"],
  },
  {
    catalog: "calendar (4 tools)",
    requests: [
      { query: "add lunch with Maria on Thursday at noon", expected: "create_event" },
      { query: "remove the dentist appointment from my calendar", expected: "delete_event" },
      { query: "find an hour when the whole team is available", expected: "find_free_slots" },
    ],
    offTopic: ["what's the weather like in Oslo", "translate hello into German", "play some relaxing music"],
  },
  {
    catalog: "notes (3 tools)",
    requests: [
      { query: "make a note that the wifi password changed", expected: "create_note" },
      { query: "which of my notes mention the budget", expected: "search_notes" },
      { query: "get rid of the note about the old project", expected: "delete_note" },
    ],
    offTopic: ["what's 15 percent of 80", "turn off the lights", "call my sister"],
  },
  {
    catalog: "payments (6 tools)",
    requests: [
      { query: "add a new customer named Jane Doe", expected: "create_customer" },
      { query: "send an invoice for 300 dollars to Globex", expected: "create_invoice" },
      { query: "show me all invoices", expected: "list_invoices" },
      { query: "refund the last charge", expected: "refund_payment" },
      { query: "make a payment link for the workshop ticket", expected: "create_payment_link" },
      { query: "what's my current balance", expected: "get_balance" },
    ],
    offTopic: ["show the git log", "what time is it in Paris", "find a recipe for pancakes"],
  },
  {
    catalog: "home automation (7 tools)",
    requests: [
      { query: "turn off the lights in the living room", expected: "turn_off_light" },
      { query: "lock the front door", expected: "lock_door" },
      { query: "let the dog walker in, open the back door", expected: "unlock_door" },
      { query: "put on some music in the kitchen", expected: "play_music" },
      { query: "what's the temperature in the garage", expected: "get_sensor_reading" },
    ],
    offTopic: ["email my boss the report", "how far is the moon", "create a new github repository"],
  },
  {
    catalog: "database (4 tools)",
    requests: [
      { query: "how many rows are in the orders table", expected: "query" },
      { query: "list all the tables", expected: "list_tables" },
      { query: "show me the schema of the customers table", expected: "describe_table" },
      { query: "why is this query so slow", expected: "explain_query" },
    ],
    offTopic: ["what's the forecast for Denver", "draw a picture of a horse", "remind me to stretch"],
  },
  {
    catalog: "email (3 tools)",
    requests: [
      { query: "send Tom an email saying I'll be late", expected: "send_email" },
      { query: "did I get any emails from the bank this week", expected: "search_emails" },
      { query: "show me the full text of the newest message", expected: "read_email" },
    ],
    offTopic: ["what's the population of Brazil", "reverse a string in javascript", "buy a birthday present"],
  },
  {
    catalog: "maps (8 tools)",
    requests: [
      { query: "what address is at 48.8584, 2.2945", expected: "reverse_geocode" },
      { query: "how long does it take to drive from Boston to New York", expected: "directions" },
      { query: "find coffee shops near me", expected: "search_places" },
      { query: "what time zone is Tokyo in", expected: "timezone" },
    ],
    offTopic: ["commit the changes", "write a poem about the sea", "what's 2 to the power of 10"],
  },
  {
    catalog: "files (10 tools)",
    requests: [
      { query: "save this text to todo.txt", expected: "write_file" },
      { query: "replace foo with bar in config.ini", expected: "edit_file" },
      { query: "show the folder tree of the project", expected: "directory_tree" },
      { query: "which folders am I allowed to access", expected: "list_allowed_directories" },
      { query: "find all the pdf files", expected: "search_files" },
    ],
    offTopic: ["what's the weather in Berlin", "send a text to my mom", "tell me a joke"],
  },
];
