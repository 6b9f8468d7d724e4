/**
 * Longest login, email, name (users, teams, orgs): Grafana's columns are varchar(190), where a
 * longer value fails in the database (500). Here it is a 400 `bad request data` up front.
 */
export const MAX_TEXT_LENGTH = 190;
