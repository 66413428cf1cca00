"""Command & Colors: Samurai Battles: command cards, sections, orders, leaders and battle."""
