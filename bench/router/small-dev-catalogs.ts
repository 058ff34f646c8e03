/**
 * A development set for abstention in small catalogs (2–5 tools): each catalog with a few requests its tools serve
 * and off-topic requests written to be hard, sharing a verb or a noun with one of the tools ("order a taxi" beside
 * create_order, "cancel my dentist appointment" beside cancel_booking). Unlike small-catalogs.ts and the confirmation
 * sets (checks, never tuned on), this set may be read while developing; it is never used to fit a constant. Written
 * by hand and committed before any change it is meant to measure was run (`npx tsx bench/router/small-dev.ts`).
 */
import type { SmallCatalog } from "./small-catalogs.js";

export const SMALL_DEV_CATALOGS: readonly SmallCatalog[] = [
  {
    label: "bakery orders (4 tools)",
    tools: [
      { name: "create_order", description: "Create a customer order for cakes or bread with a pickup date" },
      { name: "cancel_order", description: "Cancel a customer's order and refund the deposit" },
      { name: "list_products", description: "List the bakery's products with prices and allergens" },
      { name: "update_inventory", description: "Update the stock count of an ingredient in the inventory" },
    ],
    requests: [
      { query: "Mrs Chen wants a chocolate cake for Saturday pickup", expected: "create_order" },
      { query: "which of our pastries contain nuts", expected: "list_products" },
      { query: "we just received 20 kg of flour, record it", expected: "update_inventory" },
    ],
    offTopic: [
      "order a taxi to the airport",
      "cancel my dentist appointment",
      "list the planets of the solar system",
      "update my phone's operating system",
      "what products does Apple sell",
      "create a new git branch called feature-x",
      "sort this list in alphabetical order",
      "how do I refund a purchase on Steam",
    ],
  },
  {
    label: "gym (3 tools)",
    tools: [
      { name: "book_class", description: "Book a spot in a group fitness class at the gym" },
      { name: "cancel_booking", description: "Cancel a member's class booking" },
      { name: "list_trainers", description: "List the gym's personal trainers and their specialities" },
    ],
    requests: [
      { query: "reserve me a place in Tuesday's spin class", expected: "book_class" },
      { query: "I can't make it to yoga tonight, drop my booking", expected: "cancel_booking" },
    ],
    offTopic: [
      "book a flight to Lisbon",
      "cancel my Netflix subscription",
      "list the trains leaving Berlin tonight",
      "what class of drugs is ibuprofen",
      "who is the best personal finance author",
      "explain classes in object oriented programming",
      "book a hotel near the conference centre",
      "how many calories are in a banana",
    ],
  },
  {
    label: "library (3 tools)",
    tools: [
      { name: "search_catalog", description: "Search the library catalog for books by title, author or subject" },
      { name: "renew_loan", description: "Renew a borrowed book's loan period" },
      { name: "place_hold", description: "Place a hold on a book that is checked out" },
    ],
    requests: [
      { query: "do you have anything by Ursula Le Guin", expected: "search_catalog" },
      { query: "I need another two weeks with the book I borrowed", expected: "renew_loan" },
    ],
    offTopic: [
      "search the web for cheap flights",
      "renew my passport",
      "hold the elevator for me",
      "what is a loan-to-value ratio",
      "write a short story about a dragon",
      "search my email for the invoice from March",
      "how do I check out a branch in git",
      "place a bet on tonight's football match",
    ],
  },
  {
    label: "HR self-service (5 tools)",
    tools: [
      { name: "request_leave", description: "Request paid leave or vacation days" },
      { name: "get_payslip", description: "Get an employee's payslip for a given month" },
      { name: "update_address", description: "Update the employee's home address on file" },
      { name: "list_holidays", description: "List the company's public holidays for the year" },
      { name: "submit_expense", description: "Submit an expense claim with a receipt for reimbursement" },
    ],
    requests: [
      { query: "I'd like to take the first week of August off", expected: "request_leave" },
      { query: "show me what I was paid in March", expected: "get_payslip" },
      { query: "I moved to 12 Elm Street", expected: "update_address" },
    ],
    offTopic: [
      "leave a review for the restaurant",
      "what's the IP address of this server",
      "plan a holiday in Greece",
      "submit my homework before midnight",
      "how do I update node to the latest version",
      "what are the expenses of running a small farm",
      "get me the latest football scores",
      "list the holidays celebrated in Japan",
    ],
  },
  {
    label: "smart home (4 tools)",
    tools: [
      { name: "set_thermostat", description: "Set the target temperature of the home thermostat" },
      { name: "turn_on_lights", description: "Turn on the lights in a room" },
      { name: "lock_door", description: "Lock a door of the house" },
      { name: "get_energy_usage", description: "Get the household's electricity usage for a period" },
    ],
    requests: [
      { query: "make the living room warmer, 22 degrees", expected: "set_thermostat" },
      { query: "did we use a lot of power last month", expected: "get_energy_usage" },
    ],
    offTopic: [
      "what temperature does water boil at on Everest",
      "turn on dark mode in my editor",
      "lock the database table while migrating",
      "how do solar panels generate energy",
      "what is the speed of light",
      "set an alarm for 7 am",
      "open the pod bay doors",
      "how much energy does bitcoin mining use worldwide",
    ],
  },
  {
    label: "CI/CD (3 tools)",
    tools: [
      { name: "trigger_build", description: "Trigger a CI build of a branch" },
      { name: "get_build_log", description: "Get the log output of a CI build" },
      { name: "rollback_deploy", description: "Roll back a production deployment to the previous release" },
    ],
    requests: [
      { query: "kick off CI for the release-2.4 branch", expected: "trigger_build" },
      { query: "why did build 8812 fail, show me its output", expected: "get_build_log" },
      { query: "the new release is broken, revert production", expected: "rollback_deploy" },
    ],
    offTopic: [
      "build a birdhouse from scrap wood",
      "what is a log in mathematics",
      "how do I roll back a car odometer",
      "deploy troops to the border",
      "trigger warning for this article",
      "log my run of 5 km today",
      "what was the previous release date of the iPhone",
      "build muscle fast at home",
    ],
  },
  {
    label: "podcasts (2 tools)",
    tools: [
      { name: "search_episodes", description: "Search podcast episodes by topic or guest" },
      { name: "play_episode", description: "Play a podcast episode" },
    ],
    requests: [
      { query: "find episodes where they interview Jane Goodall", expected: "search_episodes" },
      { query: "start the latest Hardcore History episode", expected: "play_episode" },
    ],
    offTopic: [
      "play chess with me",
      "search for a plumber near me",
      "what episode of Friends has the turkey on the head",
      "how do I start a podcast",
      "play the piano part of this song slower",
      "search for flights to Rome",
      "what topics are on the SAT exam",
      "who is the guest host of the Oscars this year",
    ],
  },
  {
    label: "vet clinic (3 tools)",
    tools: [
      { name: "schedule_appointment", description: "Schedule a veterinary appointment for a pet" },
      { name: "get_vaccination_record", description: "Get a pet's vaccination record" },
      { name: "refill_prescription", description: "Refill a pet's medication prescription" },
    ],
    requests: [
      { query: "my dog needs a checkup next week", expected: "schedule_appointment" },
      { query: "is Whiskers up to date on rabies shots", expected: "get_vaccination_record" },
    ],
    offTopic: [
      "schedule a meeting with the design team",
      "refill my coffee",
      "what vaccines do I need for travel to Kenya",
      "record a voice memo",
      "how long do cats live",
      "get the prescription glasses I ordered",
      "schedule a cron job every five minutes",
      "what is the best pet insurance",
    ],
  },
  {
    label: "parking (3 tools)",
    tools: [
      { name: "find_parking", description: "Find available parking spots near a location" },
      { name: "pay_parking", description: "Pay for a parking session with the saved card" },
      { name: "extend_session", description: "Extend the current parking session" },
    ],
    requests: [
      { query: "where can I leave the car near the stadium", expected: "find_parking" },
      { query: "add another hour to my parking", expected: "extend_session" },
    ],
    offTopic: [
      "find my lost keys",
      "pay my electricity bill",
      "extend the deadline for the report",
      "how do I extend a class in TypeScript",
      "find the session cookie in the browser",
      "what is a parking orbit",
      "pay my friend back for dinner",
      "find a good Thai restaurant",
    ],
  },
  {
    label: "translation (2 tools)",
    tools: [
      { name: "translate_text", description: "Translate text from one language into another" },
      { name: "detect_language", description: "Detect which language a text is written in" },
    ],
    requests: [
      { query: "how do you say good morning in Portuguese", expected: "translate_text" },
      { query: "what language is 'dziękuję bardzo'", expected: "detect_language" },
    ],
    offTopic: [
      "translate this matrix by two units along x",
      "detect faces in this photo",
      "which programming language is fastest",
      "detect motion with a raspberry pi camera",
      "what is the text of the first amendment",
      "how do I learn sign language",
      "text my mom that I'll be late",
      "what is body language",
    ],
  },
];
