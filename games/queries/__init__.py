"""Domain queries over the tables: the ledger's rows (:mod:`.ledger`) and a player's
statistics (:mod:`.stats`). The tables' API (:mod:`games.api`), the pages and the groups
(:mod:`clubs`) all read them here, so no app reaches into another's API for its data."""
