window.strataArchitecture = {"groups":[["Model","tone-0",true],["ViewContract","tone-1",true],["ViewModel","tone-2",true],["View","tone-3",true],["App","tone-4",true],["No layer","tone-none",false]],
"modules":[["Items",5,"Items.html"]],
"edges":[]};
