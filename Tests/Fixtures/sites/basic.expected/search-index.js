window.strataSearchIndex = {"version":1,"docs":[
[0,"A","guides/a.html","","Text without a title heading: the title comes from the file name."],
[1,"Naming","#naming",0,"Name types after what they are. struct PriceFormatter {}"],
[0,"Building screens","guides/b.html","","Screens get data from services. See Naming."],
[1,"Data flow","#data-flow",2,"Screens get data from services. See Naming."],
[1,"Data flow","#data-flow-1",2,"A second section with the same title gets its own id."],
[1,"Details","#details",2,"Old way new way: https://example.com/new"],
[0,"Deep page","guides/deep/c.html","","Back to the top and to Guides."],
[1,"Deep links","#deep-links",6,"Back to the top and to Guides."],
[0,"Guides","guides/index.html","","Guides for everyone. See B first and the home page."],
[0,"Acme architecture","index.html","","Start with the guides, or jump to deep links and the logo. Layer May use UI Core diagrams from code rules in CI <em>raw…"]
],"terms":"acme 9 |after  1|architecture 9 |back  7|building 2 300|ci  9|code  9|com  5|comes  0|core  9|data 30 |deep 60 9|details 5 |diagrams  9|em  9|escaped  9|everyone  8|example  5|file  0|first  8|flow 30 |formatter  1|get  3|gets  4|guides 8 71|heading  0|home  8|html  9|https  5|id  4|jump  9|layer  9|links 7 9|logo  9|may  9|name  00|naming 1 3|new  5|old  5|own  4|page 6 70|price  1|priceformatter  1|raw  9|rules  9|same  4|screens 2 300|second  4|section  4|see  34|services  3|start  9|stays  9|struct  1|text  0|they  1|title  03|top  7|types  1|ui  9|use  9|way  5|what  1|without  0"};
