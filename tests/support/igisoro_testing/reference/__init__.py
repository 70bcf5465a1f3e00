"""The reference oracle: independent, slow implementations of the rules
(``igisoro_ref`` for the 4x8 Igisoro family, ``omweso_ref`` for Omweso and
Mweso, ``isolo_ref`` for Isolo) and the
comparison helpers the oracle tests share (``oracle_compare``)."""
