; A block (a power's header and the lines below it) folds to its header.
(block) @fold
