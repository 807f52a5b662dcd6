"""Discord adapters only: slash commands, autocomplete, buttons and selects (views), embeds.

Cogs turn Discord interactions into calls on the referee and its answers into messages; they hold
no game rules and no database code.
"""
