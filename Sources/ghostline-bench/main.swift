print("ghostline-bench: not yet written")
