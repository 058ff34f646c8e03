/**
 * A confirmation set for the calibrated confidence, written in full before it was run even once: new
 * catalogs in domains none of the other hand-written sets use (music, recipes, travel, CI/CD, issue tracking,
 * fitness, market data, translation, library loans; medium catalogs for cloud operations, a shop's admin and a
 * helpdesk), modelled on how MCP servers publish tools (name, one-line description, parameter names), with in-scope
 * requests as users and agents phrase them and off-topic requests none of the tools serves (some from a neighbouring
 * domain, where words overlap); plus plain requests over dwim's own served tools, phrased unlike
 * bench/router/plain-requests.ts. It only reports: never edited after a run, never used to choose a feature or a
 * constant.
 */
import type { SmallCatalog, SmallTool } from "./small-catalogs.js";

interface ConfirmTool extends SmallTool {
  parameters: string[];
}

export type ConfirmCatalog = SmallCatalog<ConfirmTool>;

export const CONFIRM_CATALOGS: readonly ConfirmCatalog[] = [
  {
    label: "translation (2 tools)",
    tools: [
      {
        name: "translate_text",
        description: "Translate text from one language into another",
        parameters: ["text", "source_lang", "target_lang"],
      },
      {
        name: "detect_language",
        description: "Detect which language a piece of text is written in",
        parameters: ["text"],
      },
    ],
    requests: [
      { query: "how do you say good morning in Portuguese", expected: "translate_text" },
      { query: "put this paragraph into German for me", expected: "translate_text" },
      { query: "what language is 'dziękuję bardzo'", expected: "detect_language" },
      { query: "identify the language of this customer email", expected: "detect_language" },
      { query: "translate the error message to English", expected: "translate_text" },
      { query: "is this text Dutch or Afrikaans?", expected: "detect_language" },
    ],
    offTopic: [
      "book a dentist appointment for Tuesday",
      "how many calories are in a banana",
      "restart the web server",
      "what's the exchange rate from yen to euro",
      "summarize the plot of Hamlet",
      "find cheap flights to Lisbon",
      "turn off the kitchen lights",
    ],
  },
  {
    label: "library loans (3 tools)",
    tools: [
      {
        name: "search_catalog",
        description: "Search the library catalog for books by title, author or subject",
        parameters: ["query", "format"],
      },
      {
        name: "renew_loan",
        description: "Renew a borrowed item to extend its due date",
        parameters: ["loan_id"],
      },
      {
        name: "place_hold",
        description: "Place a hold on a book that is currently checked out, to be notified when it is available",
        parameters: ["book_id", "pickup_branch"],
      },
    ],
    requests: [
      { query: "does the library have anything by Ursula Le Guin", expected: "search_catalog" },
      { query: "extend my loan on the cookbook, it's due tomorrow", expected: "renew_loan" },
      { query: "reserve The Overstory for me when it comes back", expected: "place_hold" },
      { query: "find audiobooks about the French revolution", expected: "search_catalog" },
      { query: "I need more time with the borrowed novel", expected: "renew_loan" },
      { query: "put me on the waiting list for Dune at the main branch", expected: "place_hold" },
    ],
    offTopic: [
      "buy the paperback on an online store",
      "write a short poem about autumn",
      "what's the weather in Boston",
      "convert this PDF to a Word document",
      "schedule a team meeting for Friday",
      "how do I unclog a sink",
      "play some jazz",
    ],
  },
  {
    label: "fitness (3 tools)",
    tools: [
      {
        name: "log_workout",
        description: "Log a workout session with its type, duration and distance",
        parameters: ["activity", "duration_minutes", "distance_km"],
      },
      {
        name: "get_step_count",
        description: "Get the number of steps walked on a given day",
        parameters: ["date"],
      },
      {
        name: "get_sleep_summary",
        description: "Summarize sleep duration and quality for recent nights",
        parameters: ["nights"],
      },
    ],
    requests: [
      { query: "I just ran 5k in 28 minutes, save that", expected: "log_workout" },
      { query: "how many steps did I take yesterday", expected: "get_step_count" },
      { query: "how well have I been sleeping this week", expected: "get_sleep_summary" },
      { query: "record a 45 minute swim", expected: "log_workout" },
      { query: "did I hit ten thousand steps today", expected: "get_step_count" },
      { query: "show my sleep for the last three nights", expected: "get_sleep_summary" },
    ],
    offTopic: [
      "order a pizza with mushrooms",
      "what time does the gym open",
      "translate 'running shoes' into French",
      "deploy the latest build to staging",
      "how far is the moon",
      "send my sister a birthday message",
      "find a recipe for protein pancakes",
    ],
  },
  {
    label: "music player (4 tools)",
    tools: [
      {
        name: "play_track",
        description: "Play a song, album or artist on the active device",
        parameters: ["query", "device"],
      },
      { name: "pause_playback", description: "Pause whatever is currently playing", parameters: [] },
      {
        name: "add_to_playlist",
        description: "Add a track to one of the user's playlists",
        parameters: ["playlist", "track"],
      },
      {
        name: "get_now_playing",
        description: "Get the title and artist of the track currently playing",
        parameters: [],
      },
    ],
    requests: [
      { query: "put on some Fleetwood Mac", expected: "play_track" },
      { query: "stop the music for a second", expected: "pause_playback" },
      { query: "what song is this?", expected: "get_now_playing" },
      { query: "save this tune to my road trip mix", expected: "add_to_playlist" },
      { query: "play Kind of Blue on the living room speaker", expected: "play_track" },
      { query: "who sings the current track", expected: "get_now_playing" },
      { query: "add Bohemian Rhapsody to my karaoke playlist", expected: "add_to_playlist" },
    ],
    offTopic: [
      "buy concert tickets for Saturday",
      "what's the capital of Peru",
      "how do I tune a guitar",
      "set an alarm for 6 am",
      "write the lyrics for a birthday song",
      "check my bank balance",
      "open the garage door",
    ],
  },
  {
    label: "recipes (4 tools)",
    tools: [
      {
        name: "find_recipes",
        description: "Find recipes by ingredients, cuisine or dish name",
        parameters: ["ingredients", "cuisine", "max_minutes"],
      },
      {
        name: "get_nutrition",
        description: "Get calories and macronutrients for a recipe or ingredient",
        parameters: ["item", "servings"],
      },
      {
        name: "scale_recipe",
        description: "Scale a recipe's ingredient quantities to a different number of servings",
        parameters: ["recipe_id", "servings"],
      },
      {
        name: "create_shopping_list",
        description: "Create a shopping list from the ingredients of one or more recipes",
        parameters: ["recipe_ids"],
      },
    ],
    requests: [
      { query: "what can I cook with chickpeas, spinach and rice", expected: "find_recipes" },
      { query: "how much protein is in this lasagna", expected: "get_nutrition" },
      { query: "make the brownie recipe serve 12 instead of 6", expected: "scale_recipe" },
      { query: "list what I need to buy for tonight's curry", expected: "create_shopping_list" },
      { query: "quick thai dinner under 30 minutes", expected: "find_recipes" },
      { query: "calories in a cup of cooked oats", expected: "get_nutrition" },
      { query: "halve the quantities for the pancake batter", expected: "scale_recipe" },
    ],
    offTopic: [
      "book a table at a sushi restaurant",
      "what's the forecast for the weekend",
      "merge the feature branch",
      "how long does it take to fly to Tokyo",
      "translate 'bon appétit'",
      "remind me to call mom",
      "who won the football game last night",
    ],
  },
  {
    label: "market data (4 tools)",
    tools: [
      {
        name: "get_stock_quote",
        description: "Get the latest price and daily change for a stock ticker",
        parameters: ["symbol"],
      },
      {
        name: "get_price_history",
        description: "Get historical daily prices for a ticker over a date range",
        parameters: ["symbol", "start", "end"],
      },
      {
        name: "get_crypto_price",
        description: "Get the current price of a cryptocurrency in a fiat currency",
        parameters: ["coin", "currency"],
      },
      {
        name: "get_company_news",
        description: "Get recent news headlines about a listed company",
        parameters: ["symbol", "limit"],
      },
    ],
    requests: [
      { query: "how is Apple stock doing today", expected: "get_stock_quote" },
      { query: "what's bitcoin worth in euros", expected: "get_crypto_price" },
      { query: "chart NVDA closing prices for 2023", expected: "get_price_history" },
      { query: "any news on Tesla this week?", expected: "get_company_news" },
      { query: "current price of MSFT", expected: "get_stock_quote" },
      { query: "ethereum price right now", expected: "get_crypto_price" },
      { query: "how did Amazon's share price move over the last six months", expected: "get_price_history" },
    ],
    offTopic: [
      "open a savings account",
      "what's the weather in Frankfurt",
      "write a cover letter for a finance job",
      "convert 100 dollars to pesos at the airport",
      "how do I file my taxes",
      "fix the failing unit test",
      "recommend a good sci-fi novel",
    ],
  },
  {
    label: "travel booking (5 tools)",
    tools: [
      {
        name: "search_flights",
        description: "Search flights between two airports on given dates",
        parameters: ["origin", "destination", "depart_date", "return_date", "passengers"],
      },
      {
        name: "search_hotels",
        description: "Search hotels in a city for check-in and check-out dates",
        parameters: ["city", "check_in", "check_out", "guests"],
      },
      {
        name: "book_flight",
        description: "Book a flight offer returned by a search for the given passengers",
        parameters: ["offer_id", "passengers"],
      },
      {
        name: "get_booking",
        description: "Get the details and status of an existing booking",
        parameters: ["booking_reference"],
      },
      {
        name: "cancel_booking",
        description: "Cancel an existing flight or hotel booking",
        parameters: ["booking_reference"],
      },
    ],
    requests: [
      { query: "flights from Boston to Denver next Friday", expected: "search_flights" },
      { query: "find me a hotel in Rome for three nights from May 2", expected: "search_hotels" },
      { query: "book the 7:40 morning flight we just found", expected: "book_flight" },
      { query: "what's the status of reservation XK72QP", expected: "get_booking" },
      { query: "cancel my trip to Oslo", expected: "cancel_booking" },
      { query: "cheapest way to fly to Madrid in June", expected: "search_flights" },
      { query: "somewhere to stay near the conference center in Austin", expected: "search_hotels" },
    ],
    offTopic: [
      "what's the time difference between London and Sydney",
      "translate 'where is the train station' into Italian",
      "how do I renew my passport",
      "rename the column price to amount",
      "recommend a book for a long flight",
      "what's the population of Canada",
      "play relaxing music",
    ],
  },
  {
    label: "ci pipelines (6 tools)",
    tools: [
      {
        name: "trigger_pipeline",
        description: "Start a new CI pipeline run for a branch",
        parameters: ["project", "branch", "variables"],
      },
      {
        name: "get_pipeline_status",
        description: "Get the status of a pipeline run and its jobs",
        parameters: ["project", "pipeline_id"],
      },
      {
        name: "get_job_log",
        description: "Get the console log output of a CI job",
        parameters: ["project", "job_id"],
      },
      { name: "retry_job", description: "Retry a failed CI job", parameters: ["project", "job_id"] },
      {
        name: "cancel_pipeline",
        description: "Cancel a running pipeline and all of its jobs",
        parameters: ["project", "pipeline_id"],
      },
      {
        name: "list_pipelines",
        description: "List recent pipeline runs of a project, filtered by branch or status",
        parameters: ["project", "branch", "status"],
      },
    ],
    requests: [
      { query: "kick off a build on the release branch", expected: "trigger_pipeline" },
      { query: "is pipeline 4411 finished yet", expected: "get_pipeline_status" },
      { query: "show me the output of the failing test job", expected: "get_job_log" },
      { query: "rerun the flaky lint job", expected: "retry_job" },
      { query: "stop the pipeline that's running on main, I pushed the wrong commit", expected: "cancel_pipeline" },
      { query: "which builds failed today", expected: "list_pipelines" },
      { query: "why did job 9920 fail? print its log", expected: "get_job_log" },
    ],
    offTopic: [
      "write a unit test for the parser",
      "what's the weather in Dublin",
      "review this pull request",
      "how do I center a div",
      "create a new repository",
      "book a flight to Berlin",
      "summarize yesterday's standup notes",
    ],
  },
  {
    label: "issue tracker (9 tools)",
    tools: [
      {
        name: "create_ticket",
        description: "Create a ticket in a project with a summary, description and type",
        parameters: ["project", "summary", "description", "type"],
      },
      {
        name: "get_ticket",
        description: "Get a ticket's fields, status and comments by its key",
        parameters: ["key"],
      },
      {
        name: "search_tickets",
        description: "Search tickets with a query language expression",
        parameters: ["jql", "max_results"],
      },
      {
        name: "transition_ticket",
        description: "Move a ticket to another workflow status such as In Progress or Done",
        parameters: ["key", "status"],
      },
      { name: "assign_ticket", description: "Assign a ticket to a user", parameters: ["key", "assignee"] },
      { name: "comment_on_ticket", description: "Add a comment to a ticket", parameters: ["key", "body"] },
      {
        name: "log_work",
        description: "Log time spent working on a ticket",
        parameters: ["key", "time_spent", "comment"],
      },
      {
        name: "list_sprints",
        description: "List the active and upcoming sprints of a board",
        parameters: ["board_id", "state"],
      },
      {
        name: "link_tickets",
        description: "Link two tickets with a relation such as blocks or duplicates",
        parameters: ["from_key", "to_key", "link_type"],
      },
    ],
    requests: [
      { query: "open a bug: checkout page crashes on Safari", expected: "create_ticket" },
      { query: "what's the status of PAY-231", expected: "get_ticket" },
      { query: "find all unresolved bugs assigned to me", expected: "search_tickets" },
      { query: "mark WEB-88 as done", expected: "transition_ticket" },
      { query: "give OPS-12 to Priya", expected: "assign_ticket" },
      { query: "reply on API-404 that the fix is deployed", expected: "comment_on_ticket" },
      { query: "I spent 3 hours on DATA-7 today", expected: "log_work" },
      { query: "which sprint is currently running on the mobile board", expected: "list_sprints" },
      { query: "APP-19 is a duplicate of APP-3", expected: "link_tickets" },
      { query: "start work on the login ticket, move it to in progress", expected: "transition_ticket" },
    ],
    offTopic: [
      "send a message to the design channel",
      "what's the weather in Warsaw",
      "deploy version 2.3 to production",
      "translate the release notes into Spanish",
      "book a meeting room for 2pm",
      "how many vacation days do I have left",
      "play my focus playlist",
    ],
  },
  {
    label: "cloud operations (20 tools)",
    tools: [
      {
        name: "list_pods",
        description: "List the pods in a Kubernetes namespace with their status",
        parameters: ["namespace", "label_selector"],
      },
      {
        name: "get_pod_logs",
        description: "Get the logs of a container in a pod",
        parameters: ["namespace", "pod", "container", "tail_lines"],
      },
      {
        name: "describe_pod",
        description: "Show the detailed state and recent events of a pod",
        parameters: ["namespace", "pod"],
      },
      {
        name: "delete_pod",
        description: "Delete a pod so its controller recreates it",
        parameters: ["namespace", "pod"],
      },
      {
        name: "scale_deployment",
        description: "Set the number of replicas of a deployment",
        parameters: ["namespace", "deployment", "replicas"],
      },
      {
        name: "rollout_restart",
        description: "Restart all pods of a deployment with a rolling update",
        parameters: ["namespace", "deployment"],
      },
      {
        name: "rollout_undo",
        description: "Roll a deployment back to its previous revision",
        parameters: ["namespace", "deployment", "revision"],
      },
      {
        name: "apply_manifest",
        description: "Create or update resources from a YAML manifest",
        parameters: ["manifest"],
      },
      { name: "list_namespaces", description: "List the namespaces of the cluster", parameters: [] },
      {
        name: "get_node_usage",
        description: "Show CPU and memory usage of the cluster's nodes",
        parameters: ["node"],
      },
      {
        name: "list_instances",
        description: "List virtual machine instances in a region with their state",
        parameters: ["region", "state"],
      },
      {
        name: "start_instance",
        description: "Start a stopped virtual machine instance",
        parameters: ["instance_id"],
      },
      { name: "stop_instance", description: "Stop a running virtual machine instance", parameters: ["instance_id"] },
      {
        name: "list_buckets",
        description: "List the object storage buckets of the account",
        parameters: [],
      },
      {
        name: "upload_object",
        description: "Upload a local file to an object storage bucket",
        parameters: ["bucket", "key", "path"],
      },
      {
        name: "get_cost_report",
        description: "Get the cloud spending for a period, grouped by service",
        parameters: ["start", "end", "group_by"],
      },
      {
        name: "query_metrics",
        description: "Query a time series of a monitoring metric, such as request latency or error rate",
        parameters: ["metric", "start", "end", "step"],
      },
      {
        name: "list_alerts",
        description: "List the monitoring alerts that are currently firing",
        parameters: ["severity"],
      },
      {
        name: "silence_alert",
        description: "Silence an alert for a period of time",
        parameters: ["alert_id", "duration"],
      },
      {
        name: "update_dns_record",
        description: "Create or change a DNS record in a hosted zone",
        parameters: ["zone", "name", "type", "value"],
      },
    ],
    requests: [
      { query: "which pods are crashlooping in the payments namespace", expected: "list_pods" },
      { query: "tail the last 200 lines from the api container", expected: "get_pod_logs" },
      { query: "why is pod worker-7f9 stuck in pending? show its events", expected: "describe_pod" },
      { query: "kill the stuck pod so it comes back fresh", expected: "delete_pod" },
      { query: "bump the checkout service to 6 replicas", expected: "scale_deployment" },
      { query: "restart the frontend deployment to pick up the new config", expected: "rollout_restart" },
      { query: "the last release broke login, go back to the previous version", expected: "rollout_undo" },
      { query: "apply this yaml to the cluster", expected: "apply_manifest" },
      { query: "what namespaces exist on this cluster", expected: "list_namespaces" },
      { query: "which nodes are running out of memory", expected: "get_node_usage" },
      { query: "show me all the VMs in us-east-1", expected: "list_instances" },
      { query: "boot up the build server instance i-0abc", expected: "start_instance" },
      { query: "shut down the test VM for the weekend", expected: "stop_instance" },
      { query: "what storage buckets do we have", expected: "list_buckets" },
      { query: "put backup.tar.gz into the archive bucket", expected: "upload_object" },
      { query: "how much did we spend on the cloud last month, by service", expected: "get_cost_report" },
      { query: "graph p99 latency of the API over the last hour", expected: "query_metrics" },
      { query: "what alerts are firing right now", expected: "list_alerts" },
      { query: "mute the disk space alert for two hours during maintenance", expected: "silence_alert" },
      { query: "point api.example.com at the new load balancer IP", expected: "update_dns_record" },
      { query: "show logs for pod web-5d8 in staging", expected: "get_pod_logs" },
      { query: "scale the workers down to zero", expected: "scale_deployment" },
      { query: "error rate of the checkout endpoint since this morning", expected: "query_metrics" },
      { query: "are any critical alerts open?", expected: "list_alerts" },
      { query: "list running instances in eu-west-2", expected: "list_instances" },
    ],
    offTopic: [
      "write a haiku about servers",
      "what's the weather in Seattle tomorrow",
      "translate this error message into Japanese",
      "book a flight to the conference",
      "how do I make sourdough bread",
      "who invented the transistor",
      "order more coffee for the office",
      "recommend a podcast about history",
      "what's 15 percent of 240",
      "send a birthday card to Anna",
    ],
  },
  {
    label: "shop admin (16 tools)",
    tools: [
      {
        name: "list_orders",
        description: "List orders filtered by status, customer or date range",
        parameters: ["status", "customer_id", "since"],
      },
      {
        name: "get_order",
        description: "Get an order with its line items and shipping address",
        parameters: ["order_id"],
      },
      {
        name: "refund_order",
        description: "Refund an order in full or in part to the original payment method",
        parameters: ["order_id", "amount", "reason"],
      },
      {
        name: "fulfill_order",
        description: "Mark an order as fulfilled and attach a shipment tracking number",
        parameters: ["order_id", "tracking_number", "carrier"],
      },
      {
        name: "create_product",
        description: "Create a product with title, price, description and images",
        parameters: ["title", "price", "description", "images"],
      },
      {
        name: "update_product",
        description: "Update a product's title, price, description or status",
        parameters: ["product_id", "title", "price", "status"],
      },
      {
        name: "search_products",
        description: "Search the product catalog by title, vendor or tag",
        parameters: ["query", "vendor", "tag"],
      },
      {
        name: "adjust_inventory",
        description: "Adjust the stock quantity of a product variant at a location",
        parameters: ["variant_id", "location_id", "delta"],
      },
      {
        name: "get_inventory_levels",
        description: "Get the stock on hand of product variants at each location",
        parameters: ["variant_ids"],
      },
      {
        name: "create_discount_code",
        description: "Create a discount code with a percentage or fixed amount off",
        parameters: ["code", "percentage", "amount", "ends_at"],
      },
      {
        name: "list_customers",
        description: "List or search customers by name, email or total spent",
        parameters: ["query", "min_spent"],
      },
      {
        name: "get_customer",
        description: "Get a customer's profile, addresses and order history",
        parameters: ["customer_id"],
      },
      {
        name: "get_sales_report",
        description: "Get total sales, orders and average order value over a period",
        parameters: ["start", "end", "group_by"],
      },
      {
        name: "create_collection",
        description: "Create a collection that groups products for the storefront",
        parameters: ["title", "product_ids"],
      },
      {
        name: "list_abandoned_checkouts",
        description: "List checkouts that customers started but did not complete",
        parameters: ["since"],
      },
      {
        name: "update_shipping_rates",
        description: "Change the shipping rates of a shipping zone",
        parameters: ["zone", "rates"],
      },
    ],
    requests: [
      { query: "which orders haven't shipped yet", expected: "list_orders" },
      { query: "show me order #10432 and what's in it", expected: "get_order" },
      { query: "give the customer their money back for order 9981, item arrived broken", expected: "refund_order" },
      { query: "order 10440 went out with UPS, tracking 1Z999", expected: "fulfill_order" },
      { query: "add a new product: linen tote bag, $35", expected: "create_product" },
      { query: "drop the price of the wool scarf to 29.99", expected: "update_product" },
      { query: "do we sell anything from the vendor Kettle & Co", expected: "search_products" },
      { query: "we received 40 more mugs at the warehouse", expected: "adjust_inventory" },
      { query: "how many blue hoodies are left in stock", expected: "get_inventory_levels" },
      { query: "make a 20% off code SUMMER20 valid until August", expected: "create_discount_code" },
      { query: "who are our customers that spent over $1000", expected: "list_customers" },
      { query: "pull up everything we know about customer 5521", expected: "get_customer" },
      { query: "what were total sales last week", expected: "get_sales_report" },
      { query: "group the winter items into a new collection for the homepage", expected: "create_collection" },
      { query: "people who left items in their cart yesterday", expected: "list_abandoned_checkouts" },
      { query: "raise the shipping cost to Canada to $15", expected: "update_shipping_rates" },
      { query: "find products tagged organic", expected: "search_products" },
      { query: "revenue by month for this year", expected: "get_sales_report" },
      { query: "list today's orders", expected: "list_orders" },
      { query: "set the stock of the red sneaker size 9 down by 3, they were damaged", expected: "adjust_inventory" },
    ],
    offTopic: [
      "what's the weather in Chicago",
      "write a blog post about our founder",
      "restart the kubernetes pod",
      "how do I learn to knit",
      "translate the return policy into French",
      "who won the world cup in 2010",
      "schedule a dentist appointment",
      "play some lo-fi beats",
      "what is a black hole",
      "fix the CSS on the login page",
    ],
  },
  {
    label: "helpdesk (12 tools)",
    tools: [
      {
        name: "create_conversation",
        description: "Start a new support conversation with a customer by email",
        parameters: ["email", "subject", "body"],
      },
      {
        name: "reply_to_conversation",
        description: "Send a reply to the customer in a support conversation",
        parameters: ["conversation_id", "body"],
      },
      {
        name: "add_internal_note",
        description: "Add a private note to a conversation that only agents can see",
        parameters: ["conversation_id", "note"],
      },
      {
        name: "list_conversations",
        description: "List support conversations by status, assignee or tag",
        parameters: ["status", "assignee", "tag"],
      },
      {
        name: "close_conversation",
        description: "Close a support conversation as resolved",
        parameters: ["conversation_id"],
      },
      {
        name: "assign_conversation",
        description: "Assign a conversation to an agent or a team",
        parameters: ["conversation_id", "assignee"],
      },
      {
        name: "tag_conversation",
        description: "Add tags to a support conversation",
        parameters: ["conversation_id", "tags"],
      },
      {
        name: "search_help_articles",
        description: "Search the help center's knowledge base articles",
        parameters: ["query", "locale"],
      },
      {
        name: "create_help_article",
        description: "Write and publish a new help center article",
        parameters: ["title", "body", "section"],
      },
      {
        name: "get_contact",
        description: "Get a contact's profile, company and past conversations",
        parameters: ["email"],
      },
      {
        name: "get_satisfaction_ratings",
        description: "Get customer satisfaction survey ratings over a period",
        parameters: ["start", "end"],
      },
      {
        name: "set_out_of_office",
        description: "Turn an agent's away status on or off so no new conversations are assigned to them",
        parameters: ["agent", "away"],
      },
    ],
    requests: [
      { query: "email jane@acme.io about her delayed refund", expected: "create_conversation" },
      { query: "answer ticket 332 saying we've fixed the bug", expected: "reply_to_conversation" },
      { query: "leave a note for the team on conversation 870: customer is a VIP", expected: "add_internal_note" },
      { query: "show all open chats assigned to me", expected: "list_conversations" },
      { query: "this one is resolved, close it", expected: "close_conversation" },
      { query: "hand conversation 512 over to the billing team", expected: "assign_conversation" },
      { query: "label this conversation as bug and urgent", expected: "tag_conversation" },
      { query: "is there a help article on resetting two factor auth", expected: "search_help_articles" },
      { query: "publish a guide on exporting invoices", expected: "create_help_article" },
      { query: "who is mark@globex.com and has he contacted us before", expected: "get_contact" },
      { query: "what's our CSAT score for last quarter", expected: "get_satisfaction_ratings" },
      { query: "I'm on vacation next week, stop sending me conversations", expected: "set_out_of_office" },
      { query: "find unassigned conversations tagged refund", expected: "list_conversations" },
      { query: "knowledge base entries about shipping delays", expected: "search_help_articles" },
      { query: "how happy were customers with support in March", expected: "get_satisfaction_ratings" },
    ],
    offTopic: [
      "what's the forecast for Denver",
      "scale the api deployment to 4 replicas",
      "how do I cook risotto",
      "translate hello into Korean",
      "what's the stock price of Zendesk",
      "book a hotel in Prague",
      "play the latest Taylor Swift album",
      "how tall is Mount Everest",
      "create a discount code for 10 percent off",
      "write a python function to sort a list",
    ],
  },
  {
    label: "password vault (3 tools)",
    tools: [
      {
        name: "get_credential",
        description: "Retrieve a stored login (username and password) for a website or service",
        parameters: ["item", "vault"],
      },
      {
        name: "generate_password",
        description: "Generate a strong random password of a given length",
        parameters: ["length", "symbols"],
      },
      {
        name: "share_item",
        description: "Share a vault item with another person for a limited time",
        parameters: ["item", "recipient", "expires_in"],
      },
    ],
    requests: [
      { query: "what's my login for the electricity company site", expected: "get_credential" },
      { query: "make me a 24 character password with symbols", expected: "generate_password" },
      { query: "send the wifi login to my flatmate for a week", expected: "share_item" },
      { query: "I forgot the password to the router admin page", expected: "get_credential" },
      { query: "new random passphrase please", expected: "generate_password" },
    ],
    offTopic: [
      "what's the weather on Saturday",
      "play a podcast about space",
      "how much is 20 euros in dollars",
      "book a haircut for Thursday",
      "write an email to my landlord about the heating",
    ],
  },
  {
    label: "people ops (10 tools)",
    tools: [
      {
        name: "request_time_off",
        description: "Submit a vacation or sick leave request for a date range",
        parameters: ["employee_id", "start", "end", "type"],
      },
      {
        name: "get_time_off_balance",
        description: "Get an employee's remaining vacation and sick leave days",
        parameters: ["employee_id"],
      },
      {
        name: "approve_time_off",
        description: "Approve or deny a pending time off request",
        parameters: ["request_id", "approved"],
      },
      {
        name: "get_employee",
        description: "Get an employee's profile: title, team, manager and start date",
        parameters: ["employee_id"],
      },
      {
        name: "search_directory",
        description: "Search the company directory for people by name, team or location",
        parameters: ["query"],
      },
      {
        name: "get_org_chart",
        description: "Get the reporting lines below a manager",
        parameters: ["manager_id", "depth"],
      },
      {
        name: "get_payslip",
        description: "Get an employee's payslip for a pay period",
        parameters: ["employee_id", "period"],
      },
      {
        name: "submit_expense",
        description: "Submit an expense claim with amount, category and receipt",
        parameters: ["amount", "currency", "category", "receipt"],
      },
      {
        name: "list_holidays",
        description: "List the public holidays observed by an office",
        parameters: ["office", "year"],
      },
      {
        name: "start_onboarding",
        description: "Start the onboarding checklist for a new hire",
        parameters: ["employee_id", "start_date"],
      },
    ],
    requests: [
      { query: "I want to take the first week of July off", expected: "request_time_off" },
      { query: "how many vacation days do I have left", expected: "get_time_off_balance" },
      { query: "okay Sam's leave request for Friday", expected: "approve_time_off" },
      { query: "when did Maria join and who is her manager", expected: "get_employee" },
      { query: "who works on the data platform team in Berlin", expected: "search_directory" },
      { query: "show everyone who reports to the VP of engineering", expected: "get_org_chart" },
      { query: "download my March payslip", expected: "get_payslip" },
      { query: "claim back 42 euros for the taxi to the airport", expected: "submit_expense" },
      { query: "is next Monday a bank holiday in the London office", expected: "list_holidays" },
      {
        query: "set up the first-day checklist for our new designer starting on the 3rd",
        expected: "start_onboarding",
      },
      { query: "I'm sick today, log a sick day", expected: "request_time_off" },
      { query: "find the phone number of someone called Okafor", expected: "search_directory" },
      { query: "reimburse my hotel receipt from the offsite", expected: "submit_expense" },
      { query: "how much was I paid last month", expected: "get_payslip" },
      { query: "public holidays in the Toronto office this year", expected: "list_holidays" },
      { query: "deny the pending leave request 7781", expected: "approve_time_off" },
      { query: "what's Kenji's job title", expected: "get_employee" },
      { query: "how much sick leave does employee 204 have remaining", expected: "get_time_off_balance" },
      { query: "draw the team structure under Lena", expected: "get_org_chart" },
      { query: "a new engineer joins Monday, kick off their onboarding", expected: "start_onboarding" },
    ],
    offTopic: [
      "what's the weather in Lisbon next week",
      "restart the staging database",
      "write a limerick about Mondays",
      "how do I bake a chocolate cake",
      "find flights to New York",
      "what's the price of gold today",
      "translate the contract into Spanish",
      "play some classical music",
      "what's the square root of 2",
      "who painted the Mona Lisa",
    ],
  },
];

/**
 * Plain requests over dwim's own served tools, phrased unlike plain-requests.ts (no sentence reused, different
 * verbs and values), each with the one tool whose job it obviously is.
 */
export const CONFIRM_PLAIN: ReadonlyArray<{ query: string; expected: string }> = [
  // fuzzy_search_content
  { query: "where in the codebase do we call the retry helper", expected: "fuzzy_search_content" },
  { query: "show every line that uses process.env", expected: "fuzzy_search_content" },
  { query: "search source files for the string 'not implemented'", expected: "fuzzy_search_content" },
  // fuzzy_search_files
  { query: "is there a Dockerfile somewhere in here", expected: "fuzzy_search_files" },
  { query: "list all the markdown files in docs", expected: "fuzzy_search_files" },
  { query: "find the file named settings.yaml", expected: "fuzzy_search_files" },
  // read_file
  { query: "let me see what's in package.json", expected: "read_file" },
  { query: "display the first 50 lines of app.py", expected: "read_file" },
  { query: "view the file src/router/text.ts", expected: "read_file" },
  // edit_file
  { query: "rename the variable total to sum in cart.js", expected: "edit_file" },
  { query: "insert an import line at the top of main.ts", expected: "edit_file" },
  { query: "write a new .gitignore file with node_modules in it", expected: "edit_file" },
  // convert
  { query: "how many pounds is 80 kilograms", expected: "convert" },
  { query: "5 gallons in liters", expected: "convert" },
  { query: "express 1500 calories in kilojoules", expected: "convert" },
  // compute
  { query: "calculate 12 volts times 3 amps and give the answer in watts", expected: "compute" },
  { query: "what's the energy of 2 kg moving at 10 m/s, with units", expected: "compute" },
  { query: "evaluate 3 ft + 20 in and show the result in cm", expected: "compute" },
  // check_dimensions
  { query: "is newton metre the same kind of quantity as joule", expected: "check_dimensions" },
  { query: "can I add liters to kilograms", expected: "check_dimensions" },
  // list_units
  { query: "what volume units can you handle", expected: "list_units" },
  { query: "show me the units you support for speed", expected: "list_units" },
  // list_scales
  { query: "list the metric prefixes from pico to tera", expected: "list_scales" },
  { query: "which scale prefixes are available", expected: "list_scales" },
  // list_dimensions
  { query: "what dimensions does the unit system have", expected: "list_dimensions" },
  { query: "show the base dimensions like length, mass and time", expected: "list_dimensions" },
  // define_unit
  { query: "create a unit called beard-second", expected: "define_unit" },
  { query: "introduce a new unit 'sprint' for my team's work", expected: "define_unit" },
  // define_conversion
  { query: "say that one sprint is 10 working days", expected: "define_conversion" },
  { query: "add a conversion factor between my unit and seconds", expected: "define_conversion" },
  // reset_session
  { query: "start over with a clean unit session", expected: "reset_session" },
  { query: "drop every unit I added in this session", expected: "reset_session" },
  // remember
  { query: "keep in mind that tests must run with NODE_ENV=test", expected: "remember" },
  { query: "note for later: the API token expires every 30 days", expected: "remember" },
  // remember_batch
  { query: "store this list of twenty facts about the project all together", expected: "remember_batch" },
  { query: "bulk save these notes to memory", expected: "remember_batch" },
  // recall
  { query: "what do we know about how releases are tagged", expected: "recall" },
  { query: "have we decided anything about logging before", expected: "recall" },
  // search_memories
  { query: "look up memories containing the word migration", expected: "search_memories" },
  { query: "keyword search through saved notes for 'oauth'", expected: "search_memories" },
  // record_outcome
  { query: "the switch to vitest worked out, record that", expected: "record_outcome" },
  { query: "log that the approach we remembered turned out badly", expected: "record_outcome" },
  // forget
  { query: "remove the memory about the old staging URL", expected: "forget" },
  { query: "erase what you stored about my email address", expected: "forget" },
  // analyze_intent
  { query: "which of your tools would help me measure the size of a directory", expected: "analyze_intent" },
  { query: "suggest the right tool for finding duplicate code", expected: "analyze_intent" },
  // resolve_tool
  { query: "is read_fiel the correct tool name", expected: "resolve_tool" },
  { query: "what's the proper name of the tool I called serch_files", expected: "resolve_tool" },
  // list_capabilities
  { query: "what can this server do", expected: "list_capabilities" },
  { query: "show me the full list of tools you expose", expected: "list_capabilities" },
];
