export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "14.0"
  }
  tg: {
    Tables: {
      authors: {
        Row: {
          bio: string | null
          created_at: string
          "Display Name": string | null
          extra: Json | null
          home: Database["tg"]["CompositeTypes"]["address"] | null
          id: number
          level: "low" | "high" | null
          meta: NonNullable<Json>
          mood: Database["tg"]["Enums"]["mood"] | null
          name: string
          rank: number
          tags: string[]
          author_books: {
            author_id: number
            id: number
            moods: Database["tg"]["Enums"]["mood"][] | null
            price: number | null
            published: string | null
            title: string
            title_upper: string | null
          } | null
          book_count: number | null
          latest_book: {
            author_id: number
            id: number
            moods: Database["tg"]["Enums"]["mood"][] | null
            price: number | null
            published: string | null
            title: string
            title_upper: string | null
          } | null
        }
        Insert: {
          bio?: string | null
          created_at?: string
          "Display Name"?: string | null
          extra?: Json | null
          home?: Database["tg"]["CompositeTypes"]["address"] | null
          id?: never
          level?: "low" | "high" | null
          meta?: NonNullable<Json>
          mood?: Database["tg"]["Enums"]["mood"] | null
          name: string
          rank: number
          tags?: string[]
        }
        Update: {
          bio?: string | null
          created_at?: string
          "Display Name"?: string | null
          extra?: Json | null
          home?: Database["tg"]["CompositeTypes"]["address"] | null
          id?: never
          level?: "low" | "high" | null
          meta?: NonNullable<Json>
          mood?: Database["tg"]["Enums"]["mood"] | null
          name?: string
          rank?: number
          tags?: string[]
        }
        Relationships: []
      }
      books: {
        Row: {
          author_id: number
          id: number
          moods: Database["tg"]["Enums"]["mood"][] | null
          price: number | null
          published: string | null
          title: string
          title_upper: string | null
          full_title: string | null
        }
        Insert: {
          author_id: number
          id?: number
          moods?: Database["tg"]["Enums"]["mood"][] | null
          price?: number | null
          published?: string | null
          title: string
          title_upper?: never
        }
        Update: {
          author_id?: number
          id?: number
          moods?: Database["tg"]["Enums"]["mood"][] | null
          price?: number | null
          published?: string | null
          title?: string
          title_upper?: never
        }
        Relationships: [
          {
            foreignKeyName: "books_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "author_stats"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "books_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "authors"
            referencedColumns: ["id"]
          },
        ]
      }
      empty_marker: {
        Row: {
          x: boolean | null
        }
        Insert: {
          x?: boolean | null
        }
        Update: {
          x?: boolean | null
        }
        Relationships: []
      }
      profiles: {
        Row: {
          author_id: number
          seq: number
          website: string | null
        }
        Insert: {
          author_id: number
          seq?: number
          website?: string | null
        }
        Update: {
          author_id?: number
          seq?: number
          website?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "profiles_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: true
            referencedRelation: "author_stats"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "profiles_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: true
            referencedRelation: "authors"
            referencedColumns: ["id"]
          },
        ]
      }
      reviews: {
        Row: {
          body: string | null
          book_id: number
          reviewer_id: number
          stars: number
        }
        Insert: {
          body?: string | null
          book_id: number
          reviewer_id: number
          stars?: number
        }
        Update: {
          body?: string | null
          book_id?: number
          reviewer_id?: number
          stars?: number
        }
        Relationships: [
          {
            foreignKeyName: "reviews_book_id_fkey"
            columns: ["book_id"]
            isOneToOne: false
            referencedRelation: "book_titles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reviews_book_id_fkey"
            columns: ["book_id"]
            isOneToOne: false
            referencedRelation: "books"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reviews_book_id_fkey"
            columns: ["book_id"]
            isOneToOne: false
            referencedRelation: "trigger_view"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reviews_book_id_fkey"
            columns: ["book_id"]
            isOneToOne: false
            referencedRelation: "writer_books"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reviews_reviewer_id_fkey"
            columns: ["reviewer_id"]
            isOneToOne: false
            referencedRelation: "author_stats"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reviews_reviewer_id_fkey"
            columns: ["reviewer_id"]
            isOneToOne: false
            referencedRelation: "authors"
            referencedColumns: ["id"]
          },
        ]
      }
      uses_two: {
        Row: {
          id: number
          kind: Database["tg_two"]["Enums"]["kind"] | null
          thing_id: number | null
        }
        Insert: {
          id: number
          kind?: Database["tg_two"]["Enums"]["kind"] | null
          thing_id?: number | null
        }
        Update: {
          id?: number
          kind?: Database["tg_two"]["Enums"]["kind"] | null
          thing_id?: number | null
        }
        Relationships: []
      }
      Zones: {
        Row: {
          _under: string | null
          "9lives": number | null
          a_rather_long_column_name_to_force_a_union_onto_lines:
            | Database["tg"]["Enums"]["colour"]
            | null
          code: string
          parent_code: string | null
          parent_region: number | null
          region: number
          tint: ("low" | "high")[] | null
          Upper: string | null
        }
        Insert: {
          _under?: string | null
          "9lives"?: number | null
          a_rather_long_column_name_to_force_a_union_onto_lines?:
            | Database["tg"]["Enums"]["colour"]
            | null
          code: string
          parent_code?: string | null
          parent_region?: number | null
          region: number
          tint?: ("low" | "high")[] | null
          Upper?: string | null
        }
        Update: {
          _under?: string | null
          "9lives"?: number | null
          a_rather_long_column_name_to_force_a_union_onto_lines?:
            | Database["tg"]["Enums"]["colour"]
            | null
          code?: string
          parent_code?: string | null
          parent_region?: number | null
          region?: number
          tint?: ("low" | "high")[] | null
          Upper?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "Zones_parent_code_parent_region_fkey"
            columns: ["parent_code", "parent_region"]
            isOneToOne: false
            referencedRelation: "Zones"
            referencedColumns: ["code", "region"]
          },
        ]
      }
    }
    Views: {
      author_stats: {
        Row: {
          books: number | null
          id: number | null
          name: string | null
        }
        Relationships: []
      }
      book_counts: {
        Row: {
          author_id: number | null
          n: number | null
        }
        Relationships: [
          {
            foreignKeyName: "books_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "author_stats"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "books_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "authors"
            referencedColumns: ["id"]
          },
        ]
      }
      book_titles: {
        Row: {
          author_id: number | null
          id: number | null
          title: string | null
        }
        Insert: {
          author_id?: number | null
          id?: number | null
          title?: string | null
        }
        Update: {
          author_id?: number | null
          id?: number | null
          title?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "books_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "author_stats"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "books_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "authors"
            referencedColumns: ["id"]
          },
        ]
      }
      trigger_view: {
        Row: {
          id: number | null
          title: string | null
        }
        Insert: {
          id?: number | null
          title?: string | null
        }
        Update: {
          id?: number | null
          title?: string | null
        }
        Relationships: []
      }
      writer_books: {
        Row: {
          id: number | null
          title: string | null
          writer: number | null
        }
        Insert: {
          id?: number | null
          title?: string | null
          writer?: number | null
        }
        Update: {
          id?: number | null
          title?: string | null
          writer?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "books_author_id_fkey"
            columns: ["writer"]
            isOneToOne: false
            referencedRelation: "author_stats"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "books_author_id_fkey"
            columns: ["writer"]
            isOneToOne: false
            referencedRelation: "authors"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Functions: {
      add:
        | { Args: { a: number; b?: number }; Returns: number }
        | { Args: { a: number; b: number; c: number }; Returns: number }
      addresses: {
        Args: Record<PropertyKey, never>
        Returns: Database["tg"]["CompositeTypes"]["address"][]
        SetofOptions: {
          from: "*"
          to: "address"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      all_titles: { Args: Record<PropertyKey, never>; Returns: string[] }
      author_books: {
        Args: { "": Database["tg"]["Tables"]["authors"]["Row"] }
        Returns: {
          author_id: number
          id: number
          moods: Database["tg"]["Enums"]["mood"][] | null
          price: number | null
          published: string | null
          title: string
          title_upper: string | null
        }[]
        SetofOptions: {
          from: "tg.authors"
          to: "books"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      book_count: {
        Args: { a: Database["tg"]["Tables"]["authors"]["Row"] }
        Returns: number
      }
      echo: { Args: { "": Json }; Returns: Json }
      full_title: {
        Args: { "": Database["tg"]["Tables"]["books"]["Row"] }
        Returns: {
          error: true
        } & "the function tg.full_title with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache"
      }
      latest_book: {
        Args: { "": Database["tg"]["Tables"]["authors"]["Row"] }
        Returns: {
          author_id: number
          id: number
          moods: Database["tg"]["Enums"]["mood"][] | null
          price: number | null
          published: string | null
          title: string
          title_upper: string | null
        }
        SetofOptions: {
          from: "tg.authors"
          to: "books"
          isOneToOne: true
          isSetofReturn: true
        }
      }
      levels: { Args: { p: "low" | "high" }; Returns: ("low" | "high")[] }
      many_args: {
        Args: {
          p_colour?: Database["tg"]["Enums"]["colour"]
          p_first_argument: string
          p_second_argument: number
          p_third_argument?: boolean
        }
        Returns: Record<string, unknown>[]
      }
      moods_of: {
        Args: { m: Database["tg"]["Enums"]["mood"][] }
        Returns: Database["tg"]["Enums"]["mood"]
      }
      now_utc: { Args: Record<PropertyKey, never>; Returns: string }
      one_book: {
        Args: { p_id: number }
        Returns: {
          author_id: number
          id: number
          moods: Database["tg"]["Enums"]["mood"][] | null
          price: number | null
          published: string | null
          title: string
          title_upper: string | null
        }
        SetofOptions: {
          from: "*"
          to: "books"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      pick:
        | {
            Args: { x: number }
            Returns: {
              error: true
            } & "Could not choose the best candidate function between: tg.pick(x => int4), tg.pick(x => text). Try renaming the parameters or the function itself in the database so function overloading can be resolved"
          }
        | {
            Args: { x: string }
            Returns: {
              error: true
            } & "Could not choose the best candidate function between: tg.pick(x => int4), tg.pick(x => text). Try renaming the parameters or the function itself in the database so function overloading can be resolved"
          }
      search:
        | {
            Args: { q: string }
            Returns: {
              author_id: number
              id: number
              moods: Database["tg"]["Enums"]["mood"][] | null
              price: number | null
              published: string | null
              title: string
              title_upper: string | null
            }[]
            SetofOptions: {
              from: "*"
              to: "books"
              isOneToOne: false
              isSetofReturn: true
            }
          }
        | {
            Args: { lim: number; q: string }
            Returns: {
              author_id: number
              id: number
              moods: Database["tg"]["Enums"]["mood"][] | null
              price: number | null
              published: string | null
              title: string
              title_upper: string | null
            }[]
            SetofOptions: {
              from: "*"
              to: "books"
              isOneToOne: false
              isSetofReturn: true
            }
          }
      stats: {
        Args: Record<PropertyKey, never>
        Returns: Record<string, unknown>
      }
      titles_view: {
        Args: { p_min: number }
        Returns: {
          author_id: number | null
          id: number | null
          title: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "book_titles"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      top_authors: {
        Args: { n: number }
        Returns: {
          author_id: number
          total: number
        }[]
      }
      touch: { Args: { p_id: number }; Returns: undefined }
      varargs: { Args: { p_items: string[] }; Returns: number }
      where_is: {
        Args: { p_author: number }
        Returns: Database["tg"]["CompositeTypes"]["address"]
        SetofOptions: {
          from: "*"
          to: "address"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      with_body: { Args: { ""?: Json }; Returns: Json }
    }
    Enums: {
      colour:
        | "red"
        | "orange"
        | "yellow"
        | "green"
        | "blue"
        | "indigo"
        | "violet"
        | "ultraviolet"
        | "infrared"
      mood: "happy" | "sad" | "so-so"
    }
    CompositeTypes: {
      address: {
        street: string | null
        city: string | null
        zip: number | null
      }
    }
  }
  tg_two: {
    Tables: {
      things: {
        Row: {
          author_id: number | null
          id: number
          kind: Database["tg_two"]["Enums"]["kind"]
        }
        Insert: {
          author_id?: number | null
          id: number
          kind: Database["tg_two"]["Enums"]["kind"]
        }
        Update: {
          author_id?: number | null
          id?: number
          kind?: Database["tg_two"]["Enums"]["kind"]
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      thing_count: { Args: Record<PropertyKey, never>; Returns: number }
    }
    Enums: {
      kind: "x" | "y"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "tg">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  tg: {
    Enums: {
      colour: [
        "red",
        "orange",
        "yellow",
        "green",
        "blue",
        "indigo",
        "violet",
        "ultraviolet",
        "infrared",
      ],
      mood: ["happy", "sad", "so-so"],
    },
  },
  tg_two: {
    Enums: {
      kind: ["x", "y"],
    },
  },
} as const
