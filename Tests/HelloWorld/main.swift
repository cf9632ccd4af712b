// The yardstick of `make size`: what any static Swift program weighs.
print("hello world")
