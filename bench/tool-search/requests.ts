/**
 * Natural requests for the tool-search benchmark's MCP tools, each with the one tool that does it, written by hand
 * for this benchmark before any search was run over them, and never edited to fit a result. `server` is the
 * upstream's name in the catalog (run.ts), `tool` the server's own name for the tool.
 */
export interface SearchRequest {
  query: string;
  server: string;
  tool: string;
}

export const SEARCH_REQUESTS: readonly SearchRequest[] = [
  // GitHub
  { query: "open a pull request from my feature branch into main", server: "github", tool: "create_pull_request" },
  { query: "file a bug report on the repository's issue tracker", server: "github", tool: "create_issue" },
  { query: "fork someone else's repo into my account", server: "github", tool: "fork_repository" },
  {
    query: "show the recent commits on the main branch of octocat/hello-world",
    server: "github",
    tool: "list_commits",
  },
  { query: "merge PR 42 now that it is approved", server: "github", tool: "merge_pull_request" },
  { query: "leave a comment on issue 17", server: "github", tool: "add_issue_comment" },
  { query: "which files did pull request 8 change", server: "github", tool: "get_pull_request_files" },
  { query: "find GitHub users who live in Berlin", server: "github", tool: "search_users" },
  // GitLab
  { query: "create a merge request on gitlab for this branch", server: "gitlab", tool: "create_merge_request" },
  // Slack
  { query: "post a message to the #general channel", server: "slack", tool: "slack_post_message" },
  { query: "add a thumbs up emoji reaction to that slack message", server: "slack", tool: "slack_add_reaction" },
  { query: "read the latest messages in the team channel", server: "slack", tool: "slack_get_channel_history" },
  { query: "answer in the thread under the release announcement", server: "slack", tool: "slack_reply_to_thread" },
  // Google Maps
  { query: "turn this street address into latitude and longitude", server: "google-maps", tool: "maps_geocode" },
  { query: "driving directions from the airport to the hotel", server: "google-maps", tool: "maps_directions" },
  { query: "how high above sea level is this point", server: "google-maps", tool: "maps_elevation" },
  { query: "find coffee shops near the train station", server: "google-maps", tool: "maps_search_places" },
  // Postgres, Brave, thinking
  { query: "run a read-only SQL query against the database", server: "postgres", tool: "query" },
  { query: "search the web for reviews of the new laptop", server: "brave-search", tool: "brave_web_search" },
  {
    query: "think through this hard problem step by step, revising as you go",
    server: "sequential-thinking",
    tool: "sequentialthinking",
  },
  // Notion
  { query: "create a new page in my notion workspace", server: "notion", tool: "API-post-page" },
  { query: "delete a block from a notion page", server: "notion", tool: "API-delete-a-block" },
  { query: "add a comment to the notion page", server: "notion", tool: "API-create-a-comment" },
  { query: "get a notion page as markdown", server: "notion", tool: "API-retrieve-page-markdown" },
  // git
  { query: "stage the changed files for the next commit", server: "git", tool: "git_add" },
  { query: "who last changed each line of this file", server: "git", tool: "git_blame" },
  { query: "put my uncommitted work aside for now", server: "git", tool: "git_stash" },
  { query: "apply that single commit from the other branch onto mine", server: "git", tool: "git_cherry_pick" },
  { query: "what is modified in the working tree", server: "git", tool: "git_status" },
  { query: "tag this commit as version 2.0", server: "git", tool: "git_tag" },
  { query: "show the differences between my working copy and the last commit", server: "git", tool: "git_diff" },
  { query: "copy a remote repository to this machine", server: "git", tool: "git_clone" },
  // CircleCI
  { query: "why did the last CI build fail, show me the logs", server: "circleci", tool: "get_build_failure_logs" },
  { query: "which tests fail only sometimes in CI", server: "circleci", tool: "find_flaky_tests" },
  { query: "start a new pipeline run on circleci", server: "circleci", tool: "run_pipeline" },
  { query: "rerun the failed workflow", server: "circleci", tool: "rerun_workflow" },
  // Charts
  { query: "draw a pie chart of market share", server: "chart", tool: "generate_pie_chart" },
  { query: "plot monthly revenue as a line chart", server: "chart", tool: "generate_line_chart" },
  { query: "make a word cloud from these keywords", server: "chart", tool: "generate_word_cloud_chart" },
  {
    query: "visualise the flow of energy between sources and uses as a sankey",
    server: "chart",
    tool: "generate_sankey_chart",
  },
  { query: "an org chart of the engineering department", server: "chart", tool: "generate_organization_chart" },
  { query: "sketch a mind map of the project ideas", server: "chart", tool: "generate_mind_map" },
  { query: "a funnel showing how many visitors became buyers", server: "chart", tool: "generate_funnel_chart" },
  {
    query: "venn diagram of the overlap between the two customer groups",
    server: "chart",
    tool: "generate_venn_chart",
  },
  // Playwright
  { query: "take a screenshot of the current web page", server: "playwright", tool: "browser_take_screenshot" },
  { query: "go back to the previous page in the browser", server: "playwright", tool: "browser_navigate_back" },
  { query: "fill in the signup form fields on the page", server: "playwright", tool: "browser_fill_form" },
  { query: "upload a file through the page's file picker", server: "playwright", tool: "browser_file_upload" },
  { query: "accept the alert dialog that popped up", server: "playwright", tool: "browser_handle_dialog" },
  { query: "list the network requests the page made", server: "playwright", tool: "browser_network_requests" },
  { query: "resize the browser window to phone size", server: "playwright", tool: "browser_resize" },
  // Jira, Bitbucket, Context7
  { query: "delete a jira issue through the API", server: "atlassian-jira", tool: "jira_delete" },
  { query: "clone a bitbucket repository", server: "atlassian-bitbucket", tool: "bb_clone" },
  { query: "look up the current documentation of a library", server: "context7", tool: "query-docs" },
  // agent-infra browser
  { query: "get the readable text of the page as markdown", server: "browser", tool: "browser_get_markdown" },
  { query: "scroll down the page", server: "browser", tool: "browser_scroll" },
  { query: "open a new browser tab", server: "browser", tool: "browser_new_tab" },
  // Trello
  { query: "move the card to the Done list", server: "trello", tool: "move_card" },
  { query: "archive this trello card", server: "trello", tool: "archive_card" },
  { query: "create a new trello board for the launch", server: "trello", tool: "create_board" },
  { query: "add an item to the card's checklist", server: "trello", tool: "add_checklist_item" },
  { query: "assign Maria to the card", server: "trello", tool: "assign_member_to_card" },
  { query: "which cards are assigned to me", server: "trello", tool: "get_my_cards" },
  // Bitwarden
  { query: "unlock my password vault", server: "bitwarden", tool: "unlock" },
  { query: "generate a strong random password", server: "bitwarden", tool: "generate" },
  { query: "invite a new member to the organization", server: "bitwarden", tool: "invite_org_member" },
  { query: "share a secret text with a link that expires", server: "bitwarden", tool: "create_text_send" },
  { query: "show the organization's event log", server: "bitwarden", tool: "get_org_events" },
  // PubMed
  { query: "search medical literature about statins and memory", server: "pubmed", tool: "pubmed_search_articles" },
  { query: "format these papers as APA citations", server: "pubmed", tool: "pubmed_format_citations" },
  { query: "find articles similar to this one", server: "pubmed", tool: "pubmed_find_related" },
  // reference servers
  { query: "read the whole text of notes.txt", server: "filesystem", tool: "read_text_file" },
  { query: "make a new folder called reports", server: "filesystem", tool: "create_directory" },
  { query: "rename the file old.txt to new.txt", server: "filesystem", tool: "move_file" },
  { query: "show the folder structure as a tree", server: "filesystem", tool: "directory_tree" },
  { query: "how big is this file and when was it modified", server: "filesystem", tool: "get_file_info" },
  {
    query: "remember that Alice works at Acme as a new entity in the graph",
    server: "memory",
    tool: "create_entities",
  },
  { query: "link two entities in the knowledge graph with a relation", server: "memory", tool: "create_relations" },
  { query: "search the knowledge graph for anything about Bob", server: "memory", tool: "search_nodes" },
  { query: "echo back the message I send", server: "everything", tool: "echo" },
  // dwim
  { query: "how many feet are in 3 meters", server: "dwim", tool: "convert" },
  { query: "fuzzy search the code for a function name", server: "dwim", tool: "fuzzy_search_content" },
  { query: "what did we decide about the cache last week", server: "dwim", tool: "recall" },
];
