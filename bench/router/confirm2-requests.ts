/**
 * A second confirmation set for the calibrated confidence, written in full before it was run even once, in domains
 * none of the other hand-written sets use (parcels, podcasts, photos, restaurants, video meetings, real estate, social
 * media, error monitoring, online courses, domains and DNS, spreadsheets, a vet clinic, event tickets; medium catalogs
 * for a data warehouse and for office facilities), modelled like bench/router/confirm-requests.ts on how MCP servers
 * publish tools, plus plain requests over dwim's own served tools phrased unlike the two earlier sets. With the first
 * confirmation set it puts the check on close to 600 requests: with about 300, a perfectly calibrated confidence
 * already shows an expected calibration error near 0.05 from sampling alone. It only reports: never edited after a
 * run, never used to choose a feature or a constant.
 */
import type { ConfirmCatalog } from "./confirm-requests.js";

export const CONFIRM2_CATALOGS: readonly ConfirmCatalog[] = [
  {
    label: "parcels (2 tools)",
    tools: [
      {
        name: "track_shipment",
        description: "Get the current status and location of a parcel from its tracking number",
        parameters: ["tracking_number", "carrier"],
      },
      {
        name: "create_shipping_label",
        description: "Create a prepaid shipping label for a package between two addresses",
        parameters: ["from_address", "to_address", "weight_kg", "service"],
      },
    ],
    requests: [
      { query: "where is my package 1Z999AA10123456784 right now", expected: "track_shipment" },
      { query: "has the parcel from my mum been delivered yet", expected: "track_shipment" },
      { query: "print a label to send a 2 kg box to Leeds", expected: "create_shipping_label" },
      { query: "I need postage for a return to the warehouse", expected: "create_shipping_label" },
      { query: "check the delivery status of order 5521's shipment", expected: "track_shipment" },
      { query: "make an express label from our office to the client in Lyon", expected: "create_shipping_label" },
    ],
    offTopic: [
      "what's the weather in Leeds tomorrow",
      "write a thank-you note to my mum",
      "how heavy is a litre of milk",
      "book a table for two tonight",
      "rename the branch to main",
      "what time does the post office close",
    ],
  },
  {
    label: "podcasts (3 tools)",
    tools: [
      {
        name: "search_podcasts",
        description: "Search the podcast directory for shows and episodes by topic or title",
        parameters: ["query", "language"],
      },
      {
        name: "subscribe_podcast",
        description: "Subscribe to a podcast so new episodes appear in the library",
        parameters: ["podcast_id"],
      },
      {
        name: "download_episode",
        description: "Download an episode for offline listening",
        parameters: ["episode_id", "quality"],
      },
    ],
    requests: [
      { query: "find shows about the history of Rome", expected: "search_podcasts" },
      { query: "follow that true crime show so I get new episodes", expected: "subscribe_podcast" },
      { query: "save the latest episode to my phone for the flight", expected: "download_episode" },
      { query: "are there any podcasts in Spanish about cooking", expected: "search_podcasts" },
      { query: "add Hardcore History to my subscriptions", expected: "subscribe_podcast" },
      { query: "grab episode 212 in high quality so I can listen offline", expected: "download_episode" },
    ],
    offTopic: [
      "play some jazz on the kitchen speaker",
      "what's the capital of Australia",
      "record a voice memo",
      "translate this sentence to Spanish",
      "how long is the flight to Tokyo",
      "delete the old log files",
    ],
  },
  {
    label: "photo library (4 tools)",
    tools: [
      {
        name: "search_photos",
        description: "Search the photo library by people, places, dates or things in the picture",
        parameters: ["query", "from_date", "to_date"],
      },
      {
        name: "create_album",
        description: "Create a new empty photo album",
        parameters: ["title"],
      },
      {
        name: "add_to_album",
        description: "Add photos to an existing album",
        parameters: ["album_id", "photo_ids"],
      },
      {
        name: "share_album",
        description: "Share an album with people by email, with view or edit rights",
        parameters: ["album_id", "emails", "permission"],
      },
    ],
    requests: [
      { query: "show me pictures of the beach from last summer", expected: "search_photos" },
      { query: "find photos with grandma in them", expected: "search_photos" },
      { query: "start an album called Wedding 2026", expected: "create_album" },
      { query: "put these five shots into the Wedding album", expected: "add_to_album" },
      { query: "let my sister see the holiday album", expected: "share_album" },
      { query: "give Tom edit access to the family album", expected: "share_album" },
      { query: "new album for the kids' drawings", expected: "create_album" },
    ],
    offTopic: [
      "crop this image to a square",
      "order prints of my passport photo",
      "what camera should I buy for hiking",
      "turn on the living room lamp",
      "set an alarm for 7am",
      "convert 5 miles to kilometres",
    ],
  },
  {
    label: "restaurants (3 tools)",
    tools: [
      {
        name: "find_restaurants",
        description: "Find restaurants near a location by cuisine, price and rating",
        parameters: ["location", "cuisine", "price_level"],
      },
      {
        name: "book_table",
        description: "Reserve a table at a restaurant for a date, time and party size",
        parameters: ["restaurant_id", "datetime", "party_size"],
      },
      {
        name: "cancel_reservation",
        description: "Cancel an existing restaurant reservation",
        parameters: ["reservation_id"],
      },
    ],
    requests: [
      { query: "any good ramen places near Shoreditch", expected: "find_restaurants" },
      { query: "get us a table for four at Dishoom on Friday at 8", expected: "book_table" },
      { query: "we can't make it tonight, drop the booking", expected: "cancel_reservation" },
      { query: "cheap vegetarian food around the station", expected: "find_restaurants" },
      { query: "reserve dinner for two at 7:30 tomorrow", expected: "book_table" },
      { query: "call off my reservation at the Italian place", expected: "cancel_reservation" },
    ],
    offTopic: [
      "give me a recipe for carbonara",
      "how many calories are in a burger",
      "order groceries for the week",
      "book a taxi to the airport",
      "what wine goes with salmon",
      "cancel my gym membership",
    ],
  },
  {
    label: "video meetings (5 tools)",
    tools: [
      {
        name: "schedule_meeting",
        description: "Schedule a video meeting for a future time and send the invitations",
        parameters: ["title", "start_time", "duration_minutes", "attendees"],
      },
      {
        name: "start_instant_meeting",
        description: "Start a video meeting right now and return its join link",
        parameters: ["title"],
      },
      {
        name: "list_recordings",
        description: "List the cloud recordings of past meetings",
        parameters: ["from_date", "to_date"],
      },
      {
        name: "get_transcript",
        description: "Get the transcript of a recorded meeting",
        parameters: ["meeting_id"],
      },
      {
        name: "invite_participant",
        description: "Invite another person to a scheduled or running meeting",
        parameters: ["meeting_id", "email"],
      },
    ],
    requests: [
      { query: "set up a call with the design team on Thursday at 3pm for an hour", expected: "schedule_meeting" },
      { query: "open a video room now, I need to talk to Priya", expected: "start_instant_meeting" },
      { query: "which meetings from last week were recorded", expected: "list_recordings" },
      { query: "what was said in yesterday's standup, give me the text", expected: "get_transcript" },
      { query: "add jo@example.com to the planning meeting", expected: "invite_participant" },
      { query: "book a 30 minute sync with the client next Monday", expected: "schedule_meeting" },
      { query: "spin up a quick meeting link", expected: "start_instant_meeting" },
      { query: "pull the written transcript of the board review", expected: "get_transcript" },
    ],
    offTopic: [
      "send an email to the whole team",
      "what's on my calendar today",
      "turn up the speaker volume",
      "buy a new webcam",
      "how do I say hello in Japanese",
      "upload the slides to the shared drive",
    ],
  },
  {
    label: "real estate (4 tools)",
    tools: [
      {
        name: "search_listings",
        description: "Search homes for sale or rent by area, price range and number of bedrooms",
        parameters: ["area", "min_price", "max_price", "bedrooms", "for_rent"],
      },
      {
        name: "get_property_details",
        description: "Get the full details, photos and history of one listed property",
        parameters: ["listing_id"],
      },
      {
        name: "estimate_mortgage",
        description: "Estimate the monthly mortgage payment for a price, deposit, rate and term",
        parameters: ["price", "deposit", "interest_rate", "term_years"],
      },
      {
        name: "schedule_viewing",
        description: "Book a viewing of a property with the agent",
        parameters: ["listing_id", "datetime"],
      },
    ],
    requests: [
      { query: "two bedroom flats to rent in Bristol under 1500 a month", expected: "search_listings" },
      { query: "tell me more about listing 88231, how old is the house", expected: "get_property_details" },
      { query: "what would I pay monthly on a 400k house with 10% down over 25 years", expected: "estimate_mortgage" },
      { query: "can I see the cottage on Saturday morning", expected: "schedule_viewing" },
      { query: "houses for sale near good schools with a garden", expected: "search_listings" },
      { query: "how much would repayments be at 4.5 percent", expected: "estimate_mortgage" },
      { query: "arrange a visit to the loft apartment next week", expected: "schedule_viewing" },
    ],
    offTopic: [
      "how do I fix a leaking tap",
      "what's the population of Bristol",
      "paint the bedroom walls blue",
      "transfer 200 pounds to my landlord",
      "hire a moving van",
      "what's the interest rate on my savings account",
    ],
  },
  {
    label: "social media (6 tools)",
    tools: [
      {
        name: "draft_post",
        description: "Write a draft post for one or more social accounts without publishing it",
        parameters: ["text", "accounts", "media_urls"],
      },
      {
        name: "schedule_post",
        description: "Schedule a post to publish at a given time",
        parameters: ["draft_id", "publish_at"],
      },
      {
        name: "list_scheduled_posts",
        description: "List posts waiting to be published",
        parameters: ["account"],
      },
      {
        name: "delete_post",
        description: "Delete a published or scheduled post",
        parameters: ["post_id"],
      },
      {
        name: "get_post_analytics",
        description: "Get likes, shares, reach and clicks for a published post",
        parameters: ["post_id"],
      },
      {
        name: "reply_to_comment",
        description: "Reply to a comment on one of our posts",
        parameters: ["comment_id", "text"],
      },
    ],
    requests: [
      { query: "write up a post announcing the new store opening, don't publish yet", expected: "draft_post" },
      { query: "publish the launch announcement tomorrow at 9am", expected: "schedule_post" },
      { query: "what's queued to go out this week", expected: "list_scheduled_posts" },
      { query: "take down the post with the typo", expected: "delete_post" },
      { query: "how many people saw our last announcement", expected: "get_post_analytics" },
      { query: "answer the customer who asked about opening hours under our post", expected: "reply_to_comment" },
      { query: "how did the product video perform, clicks and shares", expected: "get_post_analytics" },
      { query: "queue the holiday greeting for Christmas morning", expected: "schedule_post" },
    ],
    offTopic: [
      "design a new logo for the shop",
      "send the newsletter to subscribers",
      "what's trending in the news today",
      "refund the customer's last order",
      "block this phone number",
      "how many followers does the president have",
    ],
  },
  {
    label: "error monitoring (7 tools)",
    tools: [
      {
        name: "list_errors",
        description: "List unresolved errors in a project, most frequent first",
        parameters: ["project", "environment", "since"],
      },
      {
        name: "get_error_details",
        description: "Get the details of one error: message, counts, affected users, first and last seen",
        parameters: ["error_id"],
      },
      {
        name: "get_stack_trace",
        description: "Get the stack trace of the latest event of an error",
        parameters: ["error_id"],
      },
      {
        name: "resolve_error",
        description: "Mark an error as resolved",
        parameters: ["error_id", "in_release"],
      },
      {
        name: "assign_error",
        description: "Assign an error to a team member",
        parameters: ["error_id", "assignee"],
      },
      {
        name: "list_releases",
        description: "List the project's releases with their new and regressed errors",
        parameters: ["project"],
      },
      {
        name: "mute_alert",
        description: "Silence the alerts of an error for a while",
        parameters: ["error_id", "duration_hours"],
      },
    ],
    requests: [
      { query: "what's crashing most in production right now", expected: "list_errors" },
      { query: "show me where the TypeError in checkout is thrown, the frames", expected: "get_stack_trace" },
      { query: "how many users hit error 4412 and when did it start", expected: "get_error_details" },
      { query: "that null pointer bug is fixed in 2.3.1, close it", expected: "resolve_error" },
      { query: "give the payment timeout error to Marta", expected: "assign_error" },
      { query: "which release introduced new errors", expected: "list_releases" },
      { query: "stop paging me about the flaky cache error for a day", expected: "mute_alert" },
      { query: "open issues in the staging environment since Monday", expected: "list_errors" },
    ],
    offTopic: [
      "deploy the hotfix to production",
      "write a unit test for the parser",
      "restart the database server",
      "how do I center a div",
      "invite Marta to the standup",
      "what's the CPU usage of the web server",
    ],
  },
  {
    label: "online courses (5 tools)",
    tools: [
      {
        name: "list_courses",
        description: "List the courses offered this term with their teachers and schedules",
        parameters: ["term", "subject"],
      },
      {
        name: "enroll_student",
        description: "Enroll a student in a course",
        parameters: ["student_id", "course_id"],
      },
      {
        name: "submit_assignment",
        description: "Submit a student's assignment file for a course",
        parameters: ["course_id", "assignment_id", "file_url"],
      },
      {
        name: "get_grades",
        description: "Get a student's grades for a course or term",
        parameters: ["student_id", "course_id"],
      },
      {
        name: "post_announcement",
        description: "Post an announcement to everyone in a course",
        parameters: ["course_id", "title", "message"],
      },
    ],
    requests: [
      { query: "what maths classes are running in the spring", expected: "list_courses" },
      { query: "sign Aisha up for Intro to Chemistry", expected: "enroll_student" },
      { query: "hand in my essay for the history module", expected: "submit_assignment" },
      { query: "what marks did I get this semester", expected: "get_grades" },
      { query: "tell the whole biology class that Friday's lab is cancelled", expected: "post_announcement" },
      { query: "register student 2231 in the statistics course", expected: "enroll_student" },
      { query: "upload homework 3 for physics", expected: "submit_assignment" },
    ],
    offTopic: [
      "explain photosynthesis simply",
      "buy the textbook for chemistry",
      "how far is the campus from the station",
      "book a study room in the library",
      "what's 15 percent of 80",
      "email the landlord about the heating",
    ],
  },
  {
    label: "domains and dns (6 tools)",
    tools: [
      {
        name: "check_domain_availability",
        description: "Check whether a domain name is available to register and its price",
        parameters: ["domain"],
      },
      {
        name: "register_domain",
        description: "Register an available domain name for a number of years",
        parameters: ["domain", "years"],
      },
      {
        name: "renew_domain",
        description: "Renew a domain we own before it expires",
        parameters: ["domain", "years"],
      },
      {
        name: "list_dns_records",
        description: "List the DNS records of a domain",
        parameters: ["domain", "type"],
      },
      {
        name: "add_dns_record",
        description: "Add a DNS record (A, AAAA, CNAME, MX, TXT) to a domain",
        parameters: ["domain", "type", "name", "value", "ttl"],
      },
      {
        name: "delete_dns_record",
        description: "Delete a DNS record from a domain",
        parameters: ["domain", "record_id"],
      },
    ],
    requests: [
      { query: "is bakery-bristol.com still free", expected: "check_domain_availability" },
      { query: "buy the domain mycoolstartup.io for two years", expected: "register_domain" },
      { query: "our domain runs out next month, extend it", expected: "renew_domain" },
      { query: "what MX records does example.org have", expected: "list_dns_records" },
      { query: "point www at our load balancer with a CNAME", expected: "add_dns_record" },
      { query: "add the TXT verification record Google asked for", expected: "add_dns_record" },
      { query: "remove the old A record for staging", expected: "delete_dns_record" },
      { query: "show all records on shop.example.com", expected: "list_dns_records" },
    ],
    offTopic: [
      "why is my website slow",
      "renew my passport",
      "set up an email signature",
      "what's my public IP address",
      "restart the router at home",
      "buy a birthday present for Sam",
    ],
  },
  {
    label: "spreadsheets (8 tools)",
    tools: [
      {
        name: "read_range",
        description: "Read the values of a cell range from a sheet",
        parameters: ["spreadsheet_id", "range"],
      },
      {
        name: "write_range",
        description: "Write values into a cell range, replacing what is there",
        parameters: ["spreadsheet_id", "range", "values"],
      },
      {
        name: "append_rows",
        description: "Append rows after the last filled row of a sheet",
        parameters: ["spreadsheet_id", "sheet", "rows"],
      },
      {
        name: "create_sheet",
        description: "Add a new sheet (tab) to a spreadsheet",
        parameters: ["spreadsheet_id", "title"],
      },
      {
        name: "list_sheets",
        description: "List the sheets (tabs) of a spreadsheet",
        parameters: ["spreadsheet_id"],
      },
      {
        name: "sort_range",
        description: "Sort the rows of a range by one or more columns",
        parameters: ["spreadsheet_id", "range", "sort_by"],
      },
      {
        name: "set_formula",
        description: "Put a formula into a cell",
        parameters: ["spreadsheet_id", "cell", "formula"],
      },
      {
        name: "clear_range",
        description: "Clear the values of a cell range, keeping its formatting",
        parameters: ["spreadsheet_id", "range"],
      },
    ],
    requests: [
      { query: "what's in cells A1 to D20 of the budget", expected: "read_range" },
      { query: "add these three expenses to the bottom of the sheet", expected: "append_rows" },
      { query: "make a new tab called Q3", expected: "create_sheet" },
      { query: "which tabs does the sales workbook have", expected: "list_sheets" },
      { query: "order the table by revenue, highest first", expected: "sort_range" },
      { query: "put =SUM(B2:B40) in B41", expected: "set_formula" },
      { query: "wipe the numbers in column F but keep the colours", expected: "clear_range" },
      { query: "overwrite the header row with Name, Email, Phone", expected: "write_range" },
      { query: "log today's sales as a new row", expected: "append_rows" },
    ],
    offTopic: [
      "make a pie chart in my slides",
      "email the budget to finance",
      "what is a pivot table",
      "calculate my income tax for this year",
      "print the report double sided",
      "schedule the team offsite",
    ],
  },
  {
    label: "vet clinic (2 tools)",
    tools: [
      {
        name: "book_vet_appointment",
        description: "Book an appointment for a pet at the vet clinic",
        parameters: ["pet_name", "reason", "datetime"],
      },
      {
        name: "get_vaccination_record",
        description: "Get a pet's vaccination history and the next vaccines due",
        parameters: ["pet_name"],
      },
    ],
    requests: [
      { query: "my dog is limping, can we see the vet tomorrow", expected: "book_vet_appointment" },
      { query: "when is Whiskers due for her rabies shot", expected: "get_vaccination_record" },
      { query: "set up a check-up for the rabbit next week", expected: "book_vet_appointment" },
      { query: "which vaccines has Bruno had", expected: "get_vaccination_record" },
      { query: "get Luna in for her annual visit", expected: "book_vet_appointment" },
    ],
    offTopic: [
      "order more cat food",
      "how long do parrots live",
      "book a haircut for Saturday",
      "find a dog sitter for the weekend",
      "what's my own vaccination status",
      "play a video of funny cats",
    ],
  },
  {
    label: "event tickets (4 tools)",
    tools: [
      {
        name: "search_events",
        description: "Search concerts, shows and games by artist, team, city or date",
        parameters: ["query", "city", "date_from", "date_to"],
      },
      {
        name: "buy_tickets",
        description: "Buy tickets for an event",
        parameters: ["event_id", "quantity", "section"],
      },
      {
        name: "transfer_ticket",
        description: "Send a ticket you own to another person",
        parameters: ["ticket_id", "recipient_email"],
      },
      {
        name: "request_refund",
        description: "Ask for a refund of tickets for a cancelled or postponed event",
        parameters: ["order_id", "reason"],
      },
    ],
    requests: [
      { query: "is Arctic Monkeys playing in Manchester this year", expected: "search_events" },
      { query: "get two seats for the Saturday match in the north stand", expected: "buy_tickets" },
      { query: "send my spare ticket to dan@example.com", expected: "transfer_ticket" },
      { query: "the gig was cancelled, I want my money back", expected: "request_refund" },
      { query: "what's on in Glasgow next weekend", expected: "search_events" },
      { query: "purchase four tickets for the musical", expected: "buy_tickets" },
      { query: "give my friend my ticket for the festival", expected: "transfer_ticket" },
    ],
    offTopic: [
      "book a hotel near the stadium",
      "who won the football last night",
      "add the concert to my calendar",
      "buy a train ticket to Manchester",
      "what songs are on the new album",
      "play the Arctic Monkeys",
    ],
  },
  {
    label: "data warehouse (14 tools)",
    tools: [
      { name: "run_query", description: "Run a SQL query on the warehouse and return the rows", parameters: ["sql"] },
      { name: "list_datasets", description: "List the datasets in the warehouse", parameters: ["project"] },
      {
        name: "describe_table",
        description: "Show a table's columns, types and row count",
        parameters: ["dataset", "table"],
      },
      {
        name: "get_query_history",
        description: "List recent queries with who ran them, duration and bytes scanned",
        parameters: ["user", "since"],
      },
      {
        name: "create_dashboard",
        description: "Create a new, empty dashboard",
        parameters: ["title"],
      },
      {
        name: "list_dashboards",
        description: "List dashboards, optionally filtered by owner",
        parameters: ["owner"],
      },
      {
        name: "add_chart",
        description: "Add a chart built from a saved query to a dashboard",
        parameters: ["dashboard_id", "query_id", "chart_type"],
      },
      {
        name: "share_dashboard",
        description: "Share a dashboard with users or groups",
        parameters: ["dashboard_id", "principals"],
      },
      {
        name: "delete_dashboard",
        description: "Delete a dashboard",
        parameters: ["dashboard_id"],
      },
      {
        name: "schedule_report",
        description: "Email a dashboard as a report on a schedule",
        parameters: ["dashboard_id", "cron", "recipients"],
      },
      {
        name: "export_csv",
        description: "Export a query's results as a CSV file",
        parameters: ["query_id"],
      },
      {
        name: "create_alert",
        description: "Alert when a query's result crosses a threshold",
        parameters: ["query_id", "condition", "notify"],
      },
      {
        name: "refresh_dataset",
        description: "Reload a dataset from its source now",
        parameters: ["dataset"],
      },
      {
        name: "grant_access",
        description: "Grant a user read or write access to a dataset",
        parameters: ["dataset", "user", "role"],
      },
    ],
    requests: [
      { query: "how many orders did we get per country last month, run it on the warehouse", expected: "run_query" },
      { query: "what datasets do we have in the analytics project", expected: "list_datasets" },
      { query: "what columns are in the events table", expected: "describe_table" },
      { query: "who has been running expensive queries this week", expected: "get_query_history" },
      { query: "start a new dashboard for the marketing team", expected: "create_dashboard" },
      { query: "which dashboards does Lena own", expected: "list_dashboards" },
      { query: "put a line chart of weekly signups on the growth dashboard", expected: "add_chart" },
      { query: "let the sales group see the revenue dashboard", expected: "share_dashboard" },
      { query: "remove the old test dashboard", expected: "delete_dashboard" },
      { query: "send the KPI dashboard to the execs every Monday morning", expected: "schedule_report" },
      { query: "download those results as a spreadsheet file", expected: "export_csv" },
      { query: "notify me if daily revenue drops under 10k", expected: "create_alert" },
      { query: "the customer data is stale, reload it from the source", expected: "refresh_dataset" },
      { query: "give Omar read permission on the finance dataset", expected: "grant_access" },
      { query: "select the top 10 products by sales", expected: "run_query" },
      { query: "show me the schema of the users table", expected: "describe_table" },
    ],
    offTopic: [
      "fix the broken wifi in the office",
      "write a blog post about our growth",
      "what's the best laptop for data science",
      "book a flight to the conference",
      "translate the report into French",
      "how do I make sourdough bread",
    ],
  },
  {
    label: "office facilities (12 tools)",
    tools: [
      {
        name: "list_rooms",
        description: "List meeting rooms with their capacity and equipment",
        parameters: ["floor"],
      },
      {
        name: "book_meeting_room",
        description: "Book a meeting room for a time slot",
        parameters: ["room_id", "start", "end"],
      },
      {
        name: "check_desk_availability",
        description: "See which hot desks are free on a day",
        parameters: ["date", "floor"],
      },
      { name: "book_desk", description: "Reserve a hot desk for a day", parameters: ["desk_id", "date"] },
      { name: "cancel_booking", description: "Cancel a room or desk booking", parameters: ["booking_id"] },
      {
        name: "report_maintenance_issue",
        description: "Report something broken in the building to facilities",
        parameters: ["location", "description", "urgency"],
      },
      {
        name: "order_supplies",
        description: "Order office supplies such as paper, pens or toner",
        parameters: ["items"],
      },
      {
        name: "register_visitor",
        description: "Register a visitor so reception can issue a badge",
        parameters: ["name", "company", "arrival_time", "host"],
      },
      {
        name: "get_parking_spot",
        description: "Request a parking space in the office car park for a day",
        parameters: ["date", "vehicle_plate"],
      },
      { name: "get_floor_map", description: "Get the map of an office floor", parameters: ["floor"] },
      {
        name: "report_lost_item",
        description: "Report an item lost in the office, or one found",
        parameters: ["description", "found"],
      },
      {
        name: "set_room_temperature",
        description: "Change the temperature set point of a meeting room",
        parameters: ["room_id", "celsius"],
      },
    ],
    requests: [
      { query: "which rooms on floor 3 have a projector", expected: "list_rooms" },
      { query: "grab the Oak room from 2 to 3 this afternoon", expected: "book_meeting_room" },
      { query: "are there free desks on Wednesday", expected: "check_desk_availability" },
      { query: "reserve desk 14B for tomorrow", expected: "book_desk" },
      { query: "I'm working from home Friday, release my desk booking", expected: "cancel_booking" },
      { query: "the tap in the 2nd floor kitchen is leaking", expected: "report_maintenance_issue" },
      { query: "we're out of printer toner, get some more", expected: "order_supplies" },
      { query: "a candidate from Acme is coming at 10 to see me, sort out a badge", expected: "register_visitor" },
      { query: "I'm driving in on Thursday, I need somewhere to park", expected: "get_parking_spot" },
      { query: "where are the toilets on the fourth floor, show me the layout", expected: "get_floor_map" },
      { query: "I left my blue umbrella in the lobby", expected: "report_lost_item" },
      { query: "it's freezing in the Maple room, warm it up to 22", expected: "set_room_temperature" },
      { query: "the lift on the east side is broken", expected: "report_maintenance_issue" },
      { query: "order two boxes of A4 paper", expected: "order_supplies" },
    ],
    offTopic: [
      "what's the company's holiday policy",
      "submit my expenses for the taxi",
      "find a good lunch place nearby",
      "how do I reset my laptop password",
      "what time is the all-hands",
      "write a job description for a designer",
    ],
  },
];

/** Plain requests over dwim's served tools, phrased unlike plain-requests.ts and confirm-requests.ts. */
export const CONFIRM2_PLAIN: ReadonlyArray<{ query: string; expected: string }> = [
  // fuzzy_search_content
  { query: "grep the repo for TODO comments", expected: "fuzzy_search_content" },
  { query: "which files mention the database password variable", expected: "fuzzy_search_content" },
  { query: "look through the code for where we open a websocket", expected: "fuzzy_search_content" },
  // fuzzy_search_files
  { query: "where's the eslint config file", expected: "fuzzy_search_files" },
  { query: "locate every test file under src", expected: "fuzzy_search_files" },
  { query: "is there a file called CHANGELOG anywhere", expected: "fuzzy_search_files" },
  // read_file
  { query: "open README.md so I can read it", expected: "read_file" },
  { query: "print lines 100 to 140 of server.ts", expected: "read_file" },
  { query: "what does the Makefile say", expected: "read_file" },
  // edit_file
  { query: "in config.py replace DEBUG = True with DEBUG = False", expected: "edit_file" },
  { query: "rename the variable count to total in utils.js", expected: "edit_file" },
  { query: "change the port number in the settings file to 8080", expected: "edit_file" },
  // convert
  { query: "how many litres is 5 gallons", expected: "convert" },
  { query: "72 fahrenheit in celsius", expected: "convert" },
  { query: "turn 3 hours into seconds", expected: "convert" },
  // compute
  { query: "a patient weighs 70 kg and needs 5 mg per kg, how many mg in total", expected: "compute" },
  { query: "work out the cost of fuel: 300 km at 6 litres per 100 km and 1.8 dollars a litre", expected: "compute" },
  // check_dimensions
  { query: "can joules be turned into kilowatt hours", expected: "check_dimensions" },
  { query: "are newtons and pounds-force the same kind of unit", expected: "check_dimensions" },
  // list_units
  { query: "what units of pressure do you know", expected: "list_units" },
  { query: "show me all the length units available", expected: "list_units" },
  // list_scales
  { query: "which metric prefixes are supported, like mega and micro", expected: "list_scales" },
  { query: "what's the factor for the kibi prefix", expected: "list_scales" },
  // list_dimensions
  { query: "what physical dimensions can you handle", expected: "list_dimensions" },
  { query: "list the quantity types such as force, energy and power", expected: "list_dimensions" },
  // define_unit
  { query: "add a custom unit called the furlong-ish for length", expected: "define_unit" },
  { query: "I want to introduce a new unit named widget for counting", expected: "define_unit" },
  // define_conversion
  { query: "say that one smoot equals 1.7018 metres", expected: "define_conversion" },
  { query: "set the conversion rate between my custom unit and grams", expected: "define_conversion" },
  // reset_session
  { query: "throw away all the custom units I made", expected: "reset_session" },
  { query: "start over with only the built-in units", expected: "reset_session" },
  // remember
  { query: "note that we chose Postgres over MySQL because of JSONB", expected: "remember" },
  { query: "save a warning: never run migrations on Friday", expected: "remember" },
  // remember_batch
  { query: "store these twenty decisions from the retro all at once", expected: "remember_batch" },
  { query: "import a list of learnings into memory in one go", expected: "remember_batch" },
  // recall
  { query: "what do we know about the caching layer", expected: "recall" },
  { query: "remind me what the team decided on error handling", expected: "recall" },
  // search_memories
  { query: "full text search the memory for 'rate limit'", expected: "search_memories" },
  { query: "find stored notes containing the word kafka", expected: "search_memories" },
  // record_outcome
  { query: "the retry approach we remembered didn't work, mark it failed", expected: "record_outcome" },
  { query: "log that memory 12 turned out well", expected: "record_outcome" },
  // forget
  { query: "delete memory 7, it's wrong", expected: "forget" },
  { query: "archive the outdated note about the old API", expected: "forget" },
  // analyze_intent
  { query: "which tool should I use to rename a symbol across the project", expected: "analyze_intent" },
  { query: "suggest the right tool for converting currencies", expected: "analyze_intent" },
  // resolve_tool
  { query: "is 'fuzy_search' a real tool name, what does it mean", expected: "resolve_tool" },
  { query: "check whether the tool name str_replace exists", expected: "resolve_tool" },
  // list_capabilities
  { query: "what tools does this server have", expected: "list_capabilities" },
  { query: "show me everything you can do, with descriptions", expected: "list_capabilities" },
];
