"""The REST API of the scoring app (rulesets and engine commands) and what every API view
shares (:mod:`scoring.api.common`)."""
