print("generate-unicode-tables: not yet written")
