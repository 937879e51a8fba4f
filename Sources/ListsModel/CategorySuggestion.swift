import Foundation

/// The category a new item is suggested: the household's own earlier choice for that name, else one from a table
/// of common grocery names that ships with Lists (``CategorySuggestion/table``), else none.
///
/// An earlier choice is found by the name's key (``Reference/nameKey(_:)``: case ignored), as names are stored; the
/// table by the name with case and accents ignored ("Crème fraîche" is creme fraiche). It is looked up by the
/// whole name, then by its last word (the noun, in English: "whole wheat bread" is bread), each also without a
/// plural ending ("tomatoes", "berries"), so that the names people write that the table does not hold word for
/// word still find their aisle. A category the household removed is never suggested: the suggestion is one of the
/// household's categories, or none.
public enum CategorySuggestion {
    /// The categories a household starts with, in a typical store's order, which it can rename, add to and remove
    /// from; the table's categories are these.
    public static let defaults = [
        "Produce", "Bakery", "Deli", "Meat and fish", "Dairy and eggs", "Frozen", "Pantry", "Canned and jarred",
        "Breakfast", "Snacks and sweets", "Drinks", "Household", "Personal care", "Baby", "Pets",
    ]

    /// The category suggested for an item named `name`: `earlier[name's key]` when the household chose one for that
    /// name before, else the table's, provided it is one of `categories` (the household's); `nil` otherwise.
    public static func suggest(for name: String, categories: [String], earlier: [String: String] = [:]) -> String? {
        let key = Reference.nameKey(name)
        let known = Set(categories)
        if let chosen = earlier[key], known.contains(chosen) { return chosen }
        for candidate in lookups(folded(name)) {
            if let category = table[candidate], known.contains(category) { return category }
        }
        return nil
    }

    /// `name` with case and accents ignored, as the table's names are written.
    static func folded(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// What the table is looked up by, in turn: the whole folded name, its last word, each also without a plural
    /// ending.
    static func lookups(_ key: String) -> [String] {
        let words = key.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        var lookups = [words.joinedInline(separator: " ")]
        if words.count > 1, let last = words.last { lookups.append(last) }
        return lookups.flatMap { [$0] + singulars($0) }
    }

    /// `word` without an English plural ending, the likely forms first: "berries" → "berry", "tomatoes" →
    /// "tomato", "eggs" → "egg".
    static func singulars(_ word: String) -> [String] {
        var forms: [String] = []
        if word.hasSuffix("ies"), word.count > 4 { forms.append(String(word.dropLast(3)) + "y") }
        if word.hasSuffix("es"), word.count > 3 { forms.append(String(word.dropLast(2))) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 2 { forms.append(String(word.dropLast())) }
        return forms
    }

    /// Common grocery names, folded, singular where a plural is usual, with their default category. Written for
    /// Lists (no outside source).
    public static let table: [String: String] = {
        let rows: [(String, String)] = [
            (
                "Produce",
                """
                apple, banana, pear, orange, lemon, lime, grape, grapefruit, strawberry, blueberry, raspberry, \
                blackberry, cherry, peach, plum, apricot, nectarine, mango, pineapple, kiwi, melon, watermelon, \
                avocado, tomato, cucumber, lettuce, spinach, kale, rocket, arugula, carrot, potato, sweet potato, \
                onion, red onion, spring onion, shallot, garlic, ginger, pepper, bell pepper, chili, chilli, \
                broccoli, cauliflower, zucchini, courgette, eggplant, aubergine, mushroom, celery, leek, cabbage, \
                corn, pea, green bean, asparagus, beetroot, beet, radish, pumpkin, squash, fennel, herb, parsley, \
                basil, coriander, cilantro, dill, mint, chive, thyme, rosemary, salad, fruit, vegetable, veg, \
                berry, lettuce head, sprout, brussels sprout, artichoke, turnip, parsnip, fig, date, pomegranate, \
                papaya, passion fruit, coconut, clementine, mandarin, tangerine, rhubarb
                """
            ),
            (
                "Bakery",
                """
                bread, loaf, baguette, roll, bun, bagel, croissant, muffin, pita, naan, tortilla, wrap, brioche, \
                sourdough, rye bread, cake, pie, tart, pastry, doughnut, donut, scone, crumpet, english muffin, \
                pretzel, focaccia, ciabatta, flatbread
                """
            ),
            (
                "Deli",
                """
                ham, salami, prosciutto, chorizo, pastrami, hummus, olive, pesto, coleslaw, potato salad, \
                sliced turkey, pate, antipasti, sushi, quiche
                """
            ),
            (
                "Meat and fish",
                """
                chicken, chicken breast, chicken thigh, beef, steak, mince, ground beef, minced meat, pork, \
                pork chop, lamb, veal, turkey, duck, sausage, bacon, meatball, burger, fish, salmon, tuna steak, \
                cod, haddock, trout, mackerel, sardine, shrimp, prawn, mussel, crab, lobster, squid, scallop
                """
            ),
            (
                "Dairy and eggs",
                """
                milk, whole milk, skim milk, oat milk, almond milk, soy milk, butter, margarine, cheese, cheddar, \
                mozzarella, parmesan, feta, brie, camembert, gouda, cream cheese, cottage cheese, ricotta, \
                mascarpone, halloumi, yogurt, yoghurt, greek yogurt, cream, sour cream, whipped cream, \
                creme fraiche, egg, custard, kefir, buttermilk
                """
            ),
            (
                "Frozen",
                """
                ice cream, frozen pea, frozen vegetable, frozen berry, frozen pizza, fish finger, fish stick, \
                frozen chip, fries, ice, sorbet, frozen meal, ice lolly, popsicle
                """
            ),
            (
                "Pantry",
                """
                rice, pasta, spaghetti, penne, noodle, couscous, quinoa, flour, sugar, brown sugar, salt, \
                black pepper, olive oil, oil, vegetable oil, vinegar, soy sauce, ketchup, mustard, mayonnaise, \
                mayo, honey, jam, peanut butter, nutella, maple syrup, syrup, stock, stock cube, bouillon, \
                baking powder, baking soda, yeast, vanilla, cinnamon, paprika, cumin, oregano, curry powder, \
                spice, lentil, chickpea, dried bean, breadcrumb, cornflour, cornstarch, gravy, sauce, \
                pasta sauce, salsa, dressing
                """
            ),
            (
                "Canned and jarred",
                """
                canned tomato, tinned tomato, tomato paste, tomato puree, passata, canned bean, baked bean, \
                kidney bean, black bean, tuna, canned tuna, canned corn, coconut milk, soup, pickle, gherkin, \
                caper, sauerkraut, canned fish, anchovy
                """
            ),
            (
                "Breakfast",
                """
                cereal, muesli, granola, oat, oatmeal, porridge, cornflake, pancake mix, breakfast bar, \
                coffee, instant coffee, coffee bean, tea, green tea, herbal tea, cocoa, hot chocolate
                """
            ),
            (
                "Snacks and sweets",
                """
                chip, crisp, tortilla chip, popcorn, pretzel stick, nut, peanut, almond, cashew, walnut, raisin, \
                dried fruit, cracker, cookie, biscuit, chocolate, candy, sweet, gum, chewing gum, cereal bar, \
                granola bar, rice cake, marshmallow, jelly bean
                """
            ),
            (
                "Drinks",
                """
                water, sparkling water, mineral water, juice, orange juice, apple juice, soda, cola, lemonade, \
                tonic, beer, wine, red wine, white wine, cider, prosecco, champagne, spirit, gin, vodka, whisky, \
                rum, energy drink, iced tea, squash drink, smoothie, kombucha
                """
            ),
            (
                "Household",
                """
                toilet paper, toilet roll, paper towel, kitchen roll, tissue, napkin, dish soap, washing up liquid, \
                dishwasher tablet, laundry detergent, detergent, fabric softener, bleach, cleaner, sponge, \
                trash bag, bin bag, bin liner, garbage bag, aluminium foil, aluminum foil, foil, cling film, \
                plastic wrap, baking paper, freezer bag, battery, light bulb, candle, match, lighter, \
                air freshener, glove
                """
            ),
            (
                "Personal care",
                """
                shampoo, conditioner, soap, hand soap, shower gel, body wash, toothpaste, toothbrush, floss, \
                mouthwash, deodorant, razor, shaving cream, sunscreen, lotion, moisturiser, moisturizer, \
                cotton pad, cotton bud, plaster, band aid, painkiller, paracetamol, ibuprofen, vitamin, \
                tampon, sanitary pad, hand cream, lip balm, contact lens solution
                """
            ),
            (
                "Baby",
                """
                diaper, nappy, baby wipe, wipe, formula, baby food, baby formula, baby shampoo, pacifier, dummy
                """
            ),
            (
                "Pets",
                """
                dog food, cat food, cat litter, litter, dog treat, cat treat, pet food, bird seed, fish food
                """
            ),
        ]
        var table: [String: String] = [:]
        for (category, names) in rows {
            for name in names.split(separator: ",") {
                table[folded(name.trimmingWhitespace())] = category
            }
        }
        return table
    }()
}
