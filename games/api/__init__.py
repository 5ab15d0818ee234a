"""The REST API of the games app: tables, hands, ledgers, player statistics, export."""
