print("chat-tui: under construction")
