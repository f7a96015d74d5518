#!/usr/bin/python3
"""Makes Themes/default/assets/fonts/StrataDiagramSans-Regular.woff2: the font diagram text
is drawn in, a subset of Liberation Sans (Arial's and Helvetica's metrics, which Graphviz
measures labels with), renamed as the SIL Open Font License asks of a modified version.
Needs Debian's fonts-liberation2, python3-fonttools and python3-brotli.

usage: scripts/make-diagram-font.py [OUTPUT]
"""
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

SOURCE = "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"
UNICODES = "U+0020-007E,U+00A0-00FF,U+2013,U+2014,U+2018,U+2019,U+201C,U+201D,U+2026,U+2192,U+00B7"
FAMILY = "Strata Diagram Sans"
POSTSCRIPT = "StrataDiagramSans-Regular"


def main():
    output = sys.argv[1] if len(sys.argv) > 1 else "Themes/default/assets/fonts/StrataDiagramSans-Regular.woff2"
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    options.hinting = False
    options.desubroutinize = True
    font = subset.load_font(SOURCE, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=subset.parse_unicodes(UNICODES))
    subsetter.subset(font)
    names = font["name"]
    for record in names.names:
        if record.nameID in (1, 16):
            record.string = FAMILY
        elif record.nameID == 4:
            record.string = FAMILY + " Regular"
        elif record.nameID == 3:
            record.string = POSTSCRIPT + ";subset of Liberation Sans"
        elif record.nameID == 6:
            record.string = POSTSCRIPT
    names.names = [record for record in names.names if record.nameID not in (17, 21, 22)]
    subset.save_font(font, output, options)


if __name__ == "__main__":
    main()
