/**
 * Small catalogs (2–10 tools), the case where abstaining is hardest: with few tools every request has some nearest
 * tool, and a score relative to the others says nothing. Each catalog has requests one of its tools serves and
 * off-topic requests none of them does (some from a neighbouring domain, where words overlap). Tools are modelled on
 * real MCP servers' definitions; the requests were written by hand before any scoring change was measured, and are a
 * held-out check: never edited to fit a result, never used to fit a constant.
 */
export interface SmallTool {
  name: string;
  description: string;
}

/** A catalog, its in-scope requests (with the tool each wants) and its off-topic requests. */
export interface SmallCatalog<Tool extends SmallTool = SmallTool> {
  label: string;
  tools: Tool[];
  requests: Array<{ query: string; expected: string }>;
  offTopic: string[];
}

export const SMALL_CATALOGS: readonly SmallCatalog[] = [
  {
    label: "weather (2 tools)",
    tools: [
      { name: "get_forecast", description: "Get the weather forecast for a location for the next days" },
      { name: "get_alerts", description: "Get active severe weather alerts for a US state" },
    ],
    requests: [
      { query: "will it rain in Seattle this weekend", expected: "get_forecast" },
      { query: "are there any storm warnings in Texas right now", expected: "get_alerts" },
      { query: "forecast for Paris tomorrow", expected: "get_forecast" },
    ],
    offTopic: [
      "book a table for two at an Italian restaurant",
      "what is the square root of 144",
      "translate thank you into Japanese",
      "send a message to the team channel",
      "how do I reverse a linked list in python",
      "play my workout playlist",
      "who wrote pride and prejudice",
      "rename the variable count to total",
      "order a new phone charger",
      "what's the capital of Australia",
    ],
  },
  {
    label: "git (5 tools)",
    tools: [
      { name: "git_status", description: "Show the working tree status" },
      { name: "git_diff", description: "Show changes between the working tree and the index or a commit" },
      { name: "git_commit", description: "Record changes to the repository with a message" },
      { name: "git_log", description: "Show the commit history of the repository" },
      { name: "git_checkout", description: "Switch branches or restore working tree files" },
    ],
    requests: [
      { query: "what files have I changed", expected: "git_status" },
      { query: "show me the diff of my changes", expected: "git_diff" },
      { query: "commit everything with the message fix login bug", expected: "git_commit" },
      { query: "show the last ten commits", expected: "git_log" },
      { query: "switch to the develop branch", expected: "git_checkout" },
    ],
    offTopic: [
      "what's the weather in Madrid",
      "convert 10 euros to dollars",
      "book a dentist appointment for Tuesday",
      "write a haiku about autumn",
      "how many calories are in a banana",
      "set a timer for twenty minutes",
      "summarize this news article about elections",
      "find a cheap flight to Lisbon",
      "turn on the kitchen lights",
      "what time is it in Tokyo",
      "recommend a good thriller novel",
      "call my brother",
    ],
  },
  {
    label: "calendar (4 tools)",
    tools: [
      { name: "list_events", description: "List calendar events between two dates" },
      { name: "create_event", description: "Create a calendar event with a title, start time, end time and attendees" },
      { name: "delete_event", description: "Delete a calendar event by id" },
      { name: "find_free_slots", description: "Find free time slots in the calendar of one or more people" },
    ],
    requests: [
      { query: "what meetings do I have tomorrow", expected: "list_events" },
      { query: "schedule a meeting with Anna on Friday at 3pm", expected: "create_event" },
      { query: "cancel the standup event", expected: "delete_event" },
      { query: "when are Bob and I both free next week", expected: "find_free_slots" },
    ],
    offTopic: [
      "what is the boiling point of water in fahrenheit",
      "push my branch to origin",
      "how do I make sourdough bread",
      "translate this paragraph into German",
      "check my bank balance",
      "who won the world cup in 2018",
      "draw a cat",
      "list the files in the current directory",
      "what's the population of Canada",
      "fix the failing unit test",
    ],
  },
  {
    label: "notes (3 tools)",
    tools: [
      { name: "create_note", description: "Create a note with a title and body in the notes app" },
      { name: "search_notes", description: "Search notes by keyword" },
      { name: "delete_note", description: "Delete a note" },
    ],
    requests: [
      { query: "jot down a note about the grocery list", expected: "create_note" },
      { query: "find my notes about the trip to Rome", expected: "search_notes" },
      { query: "remove the note called old ideas", expected: "delete_note" },
    ],
    offTopic: [
      "what's the exchange rate of the yen",
      "play some jazz",
      "how tall is the Eiffel tower",
      "restart the web server",
      "order sushi for dinner",
      "what's 15 percent of 80",
      "book an uber to the airport",
      "is it going to snow tomorrow",
      "merge the feature branch into main",
      "show me the stock price of Tesla",
    ],
  },
  {
    label: "payments (6 tools)",
    tools: [
      { name: "create_customer", description: "Create a customer in the payment platform with an email and name" },
      { name: "create_invoice", description: "Create an invoice for a customer" },
      { name: "list_invoices", description: "List invoices, optionally filtered by customer or status" },
      { name: "refund_payment", description: "Refund a payment fully or partially" },
      { name: "create_payment_link", description: "Create a payment link for a product and price" },
      { name: "get_balance", description: "Retrieve the current account balance" },
    ],
    requests: [
      { query: "add a new customer with email jo@example.com", expected: "create_customer" },
      { query: "bill Acme for 500 dollars", expected: "create_invoice" },
      { query: "show unpaid invoices", expected: "list_invoices" },
      { query: "give the customer their money back for order 123", expected: "refund_payment" },
      { query: "how much money is in the account", expected: "get_balance" },
    ],
    offTopic: [
      "what's the weather like in Oslo",
      "write a unit test for the parser",
      "translate hello into French",
      "how far is the moon",
      "schedule a call with the design team",
      "find the file named config.yaml",
      "recommend a podcast about history",
      "how do I boil an egg",
      "rename the branch to release",
      "turn the volume down",
    ],
  },
  {
    label: "home automation (7 tools)",
    tools: [
      { name: "turn_on_light", description: "Turn on a light in a room" },
      { name: "turn_off_light", description: "Turn off a light in a room" },
      { name: "set_thermostat", description: "Set the thermostat target temperature" },
      { name: "lock_door", description: "Lock a smart door lock" },
      { name: "unlock_door", description: "Unlock a smart door lock" },
      { name: "play_music", description: "Play music on a speaker in a room" },
      {
        name: "get_sensor_reading",
        description: "Read the current value of a home sensor (temperature, humidity, motion)",
      },
    ],
    requests: [
      { query: "switch on the bedroom lamp", expected: "turn_on_light" },
      { query: "make it 21 degrees in the house", expected: "set_thermostat" },
      { query: "lock the front door", expected: "lock_door" },
      { query: "play some jazz in the kitchen", expected: "play_music" },
      { query: "how humid is the basement", expected: "get_sensor_reading" },
    ],
    offTopic: [
      "what's the capital of Peru",
      "commit my changes",
      "send an invoice to the client",
      "how do I center a div in css",
      "book a flight to Berlin",
      "who is the CEO of Microsoft",
      "summarize this pdf",
      "convert 5 miles to kilometers",
      "what did I spend on groceries last month",
      "write a cover letter for a job application",
    ],
  },
  {
    label: "database (4 tools)",
    tools: [
      { name: "query", description: "Run a read-only SQL query against the database" },
      { name: "list_tables", description: "List the tables in the database" },
      { name: "describe_table", description: "Show the columns and types of a table" },
      { name: "explain_query", description: "Show the execution plan of a SQL query" },
    ],
    requests: [
      { query: "how many users signed up last week", expected: "query" },
      { query: "what tables are in the database", expected: "list_tables" },
      { query: "what columns does the orders table have", expected: "describe_table" },
      { query: "why is this select so slow, show the plan", expected: "explain_query" },
    ],
    offTopic: [
      "water the plants at 7pm",
      "what's a good name for a dog",
      "play the latest episode of my podcast",
      "translate good night into Italian",
      "how many legs does a spider have",
      "set an alarm for 6am",
      "book a hotel in Vienna",
      "what's the weather in Chicago",
      "draft a tweet about our launch",
      "call a taxi",
    ],
  },
  {
    label: "email (3 tools)",
    tools: [
      { name: "send_email", description: "Send an email to one or more recipients" },
      { name: "search_emails", description: "Search the mailbox by sender, subject or text" },
      { name: "read_email", description: "Read the full content of an email by id" },
    ],
    requests: [
      { query: "email the report to my manager", expected: "send_email" },
      { query: "find the emails from Alice about the budget", expected: "search_emails" },
      { query: "open that message and show me the whole text", expected: "read_email" },
    ],
    offTopic: [
      "how many grams are in a pound",
      "deploy the app to production",
      "what's the tallest mountain in Africa",
      "turn off the lights",
      "what is 17 times 23",
      "find a recipe for pancakes",
      "list the open pull requests",
      "what's the traffic like on the highway",
      "recommend a movie for tonight",
      "check the server logs for errors",
    ],
  },
  {
    label: "maps (8 tools)",
    tools: [
      { name: "geocode", description: "Convert an address into geographic coordinates" },
      { name: "reverse_geocode", description: "Convert coordinates into an address" },
      { name: "directions", description: "Get driving, walking or transit directions between two places" },
      { name: "distance_matrix", description: "Travel distance and time for several origins and destinations" },
      { name: "search_places", description: "Search for places such as restaurants or shops near a location" },
      { name: "place_details", description: "Get details of a place: opening hours, phone, rating" },
      { name: "elevation", description: "Get the elevation of a location" },
      { name: "timezone", description: "Get the time zone of a location" },
    ],
    requests: [
      { query: "what are the coordinates of 10 Downing Street", expected: "geocode" },
      { query: "how do I walk from the station to the museum", expected: "directions" },
      { query: "find coffee shops near me", expected: "search_places" },
      { query: "when does the bakery on Main Street open", expected: "place_details" },
      { query: "how high above sea level is Denver", expected: "elevation" },
    ],
    offTopic: [
      "write a limerick about a frog",
      "what's 2 to the power of 10",
      "commit and push my code",
      "translate this sentence into Spanish",
      "how do I sort a list in javascript",
      "what's the meaning of the word ephemeral",
      "play rock music",
      "create an invoice for the client",
      "remind me to call mom",
      "who painted the mona lisa",
    ],
  },
  {
    label: "files (10 tools)",
    tools: [
      { name: "read_file", description: "Read the complete contents of a file" },
      { name: "write_file", description: "Create a new file or overwrite an existing file with new content" },
      { name: "edit_file", description: "Make line-based edits to a text file" },
      { name: "create_directory", description: "Create a new directory" },
      { name: "list_directory", description: "List the files and directories in a path" },
      { name: "directory_tree", description: "Get a recursive tree view of files and directories" },
      { name: "move_file", description: "Move or rename files and directories" },
      { name: "search_files", description: "Recursively search for files and directories matching a pattern" },
      { name: "get_file_info", description: "Get metadata of a file: size, creation time, permissions" },
      { name: "list_allowed_directories", description: "List the directories this server may access" },
    ],
    requests: [
      { query: "show me what's in notes.txt", expected: "read_file" },
      { query: "make a folder called backups", expected: "create_directory" },
      { query: "rename draft.md to final.md", expected: "move_file" },
      { query: "how big is the video file", expected: "get_file_info" },
      { query: "what files are in the docs folder", expected: "list_directory" },
    ],
    offTopic: [
      "what's the weather in Rome",
      "book a table for four",
      "how many kilometers is a marathon",
      "send a slack message to the team",
      "who won the election",
      "play a song by Adele",
      "what's the price of bitcoin",
      "schedule a meeting for Monday",
      "tell me a joke",
      "translate good morning into Korean",
    ],
  },
];
