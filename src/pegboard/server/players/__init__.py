"""Who a player is: guests and sessions, accounts, passwords, logins, usernames, private tables."""
