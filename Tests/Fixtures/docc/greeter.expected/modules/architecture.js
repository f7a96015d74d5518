window.strataArchitecture = {"groups":[["Greeter","tone-0",false]],
"modules":[["Greeter",0,"Greeter.html"]],
"edges":[]};
