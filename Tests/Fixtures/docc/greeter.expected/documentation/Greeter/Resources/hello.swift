let greeting = Greeter().greet("Ada")
print(greeting)
