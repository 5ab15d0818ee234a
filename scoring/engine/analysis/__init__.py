"""Table-side analysis: shanten, ukeire, waits with their value, and tile danger.

Pure engine code (no Django). The site's analyser and danger pages and
``POST /api/analyse/`` call :func:`analyse` and :func:`danger`; draw settlement (riichi
tenpai/noten, Sichuan 查大叫) calls :func:`tenpai` and :func:`best_value_if_ready`.
"""
