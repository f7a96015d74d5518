import AppUI
import Features

print(AppUI.title, Features.names)
