"""What the card table, the hand picker, the Gallery and the Workshop share.

A card's pictures (:mod:`cards_art` for faces of every size,
:mod:`elements_art` for the element glyphs, :mod:`pictures` for a card's
own picture in EGA colours), the full card view (:mod:`cardview`), the
seat colours a card is drawn in (:mod:`colours`) and the loaded packs
(:mod:`library`). Nothing here imports a screen: the card scenes
(``scenes/cards``) and the Workshop (``scenes/workshop``) both build on
this package, and neither reaches into the other
(``tests/test_import_floors.py``).
"""
