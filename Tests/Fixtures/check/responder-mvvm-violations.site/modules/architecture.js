window.strataArchitecture = {"groups":[["Foundation","tone-0",true],["UseCase","tone-1",true],["ViewModel","tone-2",true],["View","tone-3",true],["No layer","tone-none",false]],
"modules":[["Login",4,"Login.html"]],
"edges":[]};
