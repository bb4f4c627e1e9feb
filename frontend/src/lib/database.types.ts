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
  public: {
    Tables: {
      blog_posts: {
        Row: {
          author: string | null
          content: string | null
          created_at: string
          excerpt: string | null
          featured_image: string | null
          id: string
          meta_description: string | null
          meta_title: string | null
          slug: string
          status: string
          tags: string[]
          title: string
          translations: NonNullable<Json>
          updated_at: string
          summary_translations: Json | null
        }
        Insert: {
          author?: string | null
          content?: string | null
          created_at?: string
          excerpt?: string | null
          featured_image?: string | null
          id?: string
          meta_description?: string | null
          meta_title?: string | null
          slug: string
          status?: string
          tags?: string[]
          title: string
          translations?: NonNullable<Json>
          updated_at?: string
        }
        Update: {
          author?: string | null
          content?: string | null
          created_at?: string
          excerpt?: string | null
          featured_image?: string | null
          id?: string
          meta_description?: string | null
          meta_title?: string | null
          slug?: string
          status?: string
          tags?: string[]
          title?: string
          translations?: NonNullable<Json>
          updated_at?: string
        }
        Relationships: []
      }
      booking_change_requests: {
        Row: {
          available: boolean | null
          booking_id: string
          car_id: number | null
          created_at: string
          decided_at: string | null
          decided_by: string | null
          end_date: string | null
          id: string
          kind: string
          message: string | null
          pickup_time: string | null
          quote: Json | null
          refund_mad: number | null
          return_time: string | null
          start_date: string | null
          state: string
          agency_created_at: string | null
        }
        Insert: {
          available?: boolean | null
          booking_id: string
          car_id?: number | null
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          end_date?: string | null
          id?: string
          kind: string
          message?: string | null
          pickup_time?: string | null
          quote?: Json | null
          refund_mad?: number | null
          return_time?: string | null
          start_date?: string | null
          state?: string
        }
        Update: {
          available?: boolean | null
          booking_id?: string
          car_id?: number | null
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          end_date?: string | null
          id?: string
          kind?: string
          message?: string | null
          pickup_time?: string | null
          quote?: Json | null
          refund_mad?: number | null
          return_time?: string | null
          start_date?: string | null
          state?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_change_requests_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booking_change_requests_car_id_fkey"
            columns: ["car_id"]
            isOneToOne: false
            referencedRelation: "cars"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_options: {
        Row: {
          included_by: string | null
          key: string
          kind: string
          per_day: boolean
          position: number
          price: number
        }
        Insert: {
          included_by?: string | null
          key: string
          kind: string
          per_day: boolean
          position?: number
          price: number
        }
        Update: {
          included_by?: string | null
          key?: string
          kind?: string
          per_day?: boolean
          position?: number
          price?: number
        }
        Relationships: []
      }
      booking_transitions: {
        Row: {
          by_traveller: boolean
          closes_requests: boolean
          from_status: string
          tells_traveller: string | null
          to_status: string
        }
        Insert: {
          by_traveller?: boolean
          closes_requests?: boolean
          from_status: string
          tells_traveller?: string | null
          to_status: string
        }
        Update: {
          by_traveller?: boolean
          closes_requests?: boolean
          from_status?: string
          tells_traveller?: string | null
          to_status?: string
        }
        Relationships: []
      }
      bookings: {
        Row: {
          amount_due_now: number | null
          arrival_note: string | null
          car_id: number | null
          charge_amount: number | null
          charge_currency: string | null
          client_ip: string | null
          created_at: string
          customer_email: string
          customer_name: string
          customer_phone: string
          days: number
          driver_requirements_confirmed: boolean
          end_date: string
          extras: NonNullable<Json>
          flight_number: string | null
          hold: unknown
          hold_expires_at: string | null
          hotel_address: string | null
          hotel_name: string | null
          id: string
          insurance_type: string
          language: string
          notes: string | null
          payment_error: string | null
          payment_id: string | null
          payment_method: string | null
          payment_option: string
          payment_status: string
          paypal_closed_at: string | null
          paypal_order_id: string | null
          pickup_location: string
          pickup_time: string
          quote: Json | null
          reference: string
          return_location: string
          return_time: string
          start_date: string
          status: string
          terms_accepted_at: string | null
          terms_version: string | null
          total_price: number
          updated_at: string
          user_id: string | null
          booking_notification_payload: Json | null
        }
        Insert: {
          amount_due_now?: number | null
          arrival_note?: string | null
          car_id?: number | null
          charge_amount?: number | null
          charge_currency?: string | null
          client_ip?: string | null
          created_at?: string
          customer_email: string
          customer_name: string
          customer_phone: string
          days: number
          driver_requirements_confirmed?: boolean
          end_date: string
          extras?: NonNullable<Json>
          flight_number?: string | null
          hold?: unknown
          hold_expires_at?: string | null
          hotel_address?: string | null
          hotel_name?: string | null
          id?: string
          insurance_type?: string
          language?: string
          notes?: string | null
          payment_error?: string | null
          payment_id?: string | null
          payment_method?: string | null
          payment_option?: string
          payment_status?: string
          paypal_closed_at?: string | null
          paypal_order_id?: string | null
          pickup_location?: string
          pickup_time?: string
          quote?: Json | null
          reference: string
          return_location?: string
          return_time?: string
          start_date: string
          status?: string
          terms_accepted_at?: string | null
          terms_version?: string | null
          total_price: number
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          amount_due_now?: number | null
          arrival_note?: string | null
          car_id?: number | null
          charge_amount?: number | null
          charge_currency?: string | null
          client_ip?: string | null
          created_at?: string
          customer_email?: string
          customer_name?: string
          customer_phone?: string
          days?: number
          driver_requirements_confirmed?: boolean
          end_date?: string
          extras?: NonNullable<Json>
          flight_number?: string | null
          hold?: unknown
          hold_expires_at?: string | null
          hotel_address?: string | null
          hotel_name?: string | null
          id?: string
          insurance_type?: string
          language?: string
          notes?: string | null
          payment_error?: string | null
          payment_id?: string | null
          payment_method?: string | null
          payment_option?: string
          payment_status?: string
          paypal_closed_at?: string | null
          paypal_order_id?: string | null
          pickup_location?: string
          pickup_time?: string
          quote?: Json | null
          reference?: string
          return_location?: string
          return_time?: string
          start_date?: string
          status?: string
          terms_accepted_at?: string | null
          terms_version?: string | null
          total_price?: number
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "bookings_car_id_fkey"
            columns: ["car_id"]
            isOneToOne: false
            referencedRelation: "cars"
            referencedColumns: ["id"]
          },
        ]
      }
      car_blocks: {
        Row: {
          car_id: number
          created_at: string
          created_by: string | null
          end_date: string
          id: number
          reason: string
          start_date: string
        }
        Insert: {
          car_id: number
          created_at?: string
          created_by?: string | null
          end_date: string
          id?: number
          reason: string
          start_date: string
        }
        Update: {
          car_id?: number
          created_at?: string
          created_by?: string | null
          end_date?: string
          id?: number
          reason?: string
          start_date?: string
        }
        Relationships: [
          {
            foreignKeyName: "car_blocks_car_id_fkey"
            columns: ["car_id"]
            isOneToOne: false
            referencedRelation: "cars"
            referencedColumns: ["id"]
          },
        ]
      }
      car_images: {
        Row: {
          alt_text: string | null
          car_id: number
          display_order: number
          id: number
          image_url: string
        }
        Insert: {
          alt_text?: string | null
          car_id: number
          display_order?: number
          id?: number
          image_url: string
        }
        Update: {
          alt_text?: string | null
          car_id?: number
          display_order?: number
          id?: number
          image_url?: string
        }
        Relationships: [
          {
            foreignKeyName: "car_images_car_id_fkey"
            columns: ["car_id"]
            isOneToOne: false
            referencedRelation: "cars"
            referencedColumns: ["id"]
          },
        ]
      }
      car_reviews: {
        Row: {
          booking_id: string | null
          car_id: number
          comment: string | null
          created_at: string
          decided_at: string | null
          id: string
          language: string
          stars: number
          status: string
        }
        Insert: {
          booking_id?: string | null
          car_id: number
          comment?: string | null
          created_at?: string
          decided_at?: string | null
          id?: string
          language?: string
          stars: number
          status?: string
        }
        Update: {
          booking_id?: string | null
          car_id?: number
          comment?: string | null
          created_at?: string
          decided_at?: string | null
          id?: string
          language?: string
          stars?: number
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "car_reviews_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: true
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "car_reviews_car_id_fkey"
            columns: ["car_id"]
            isOneToOne: false
            referencedRelation: "cars"
            referencedColumns: ["id"]
          },
        ]
      }
      cars: {
        Row: {
          available: boolean
          baby_seat_included: boolean
          brand: string
          category: string
          created_at: string
          description: string | null
          fuel: string
          gps_included: boolean
          id: number
          image: string
          name: string
          not_available_until: string | null
          price: number
          rating: number
          rating_source: string | null
          review_count: number
          roadside_assistance_included: boolean
          seats: number
          second_driver_included: boolean
          slug: string
          translations: NonNullable<Json>
          transmission: string
          traveller_rating: number | null
          traveller_review_count: number
          updated_at: string
          bookable: boolean | null
        }
        Insert: {
          available?: boolean
          baby_seat_included?: boolean
          brand: string
          category: string
          created_at?: string
          description?: string | null
          fuel: string
          gps_included?: boolean
          id?: number
          image: string
          name: string
          not_available_until?: string | null
          price: number
          rating: number
          rating_source?: string | null
          review_count?: number
          roadside_assistance_included?: boolean
          seats: number
          second_driver_included?: boolean
          slug: string
          translations?: NonNullable<Json>
          transmission: string
          traveller_rating?: number | null
          traveller_review_count?: number
          updated_at?: string
        }
        Update: {
          available?: boolean
          baby_seat_included?: boolean
          brand?: string
          category?: string
          created_at?: string
          description?: string | null
          fuel?: string
          gps_included?: boolean
          id?: number
          image?: string
          name?: string
          not_available_until?: string | null
          price?: number
          rating?: number
          rating_source?: string | null
          review_count?: number
          roadside_assistance_included?: boolean
          seats?: number
          second_driver_included?: boolean
          slug?: string
          translations?: NonNullable<Json>
          transmission?: string
          traveller_rating?: number | null
          traveller_review_count?: number
          updated_at?: string
        }
        Relationships: []
      }
      category_deposits: {
        Row: {
          amount: number
          category: string
        }
        Insert: {
          amount: number
          category: string
        }
        Update: {
          amount?: number
          category?: string
        }
        Relationships: []
      }
      category_excess: {
        Row: {
          amount: number
          category: string
          insurance: string
        }
        Insert: {
          amount: number
          category: string
          insurance: string
        }
        Update: {
          amount?: number
          category?: string
          insurance?: string
        }
        Relationships: [
          {
            foreignKeyName: "category_excess_insurance_fkey"
            columns: ["insurance"]
            isOneToOne: false
            referencedRelation: "booking_options"
            referencedColumns: ["key"]
          },
        ]
      }
      category_key_facts: {
        Row: {
          category: string
          extra_km_price: number | null
          fuel_policy: string
          mileage_km_per_day: number | null
          min_driver_age: number
          min_licence_years: number
        }
        Insert: {
          category: string
          extra_km_price?: number | null
          fuel_policy?: string
          mileage_km_per_day?: number | null
          min_driver_age?: number
          min_licence_years?: number
        }
        Update: {
          category?: string
          extra_km_price?: number | null
          fuel_policy?: string
          mileage_km_per_day?: number | null
          min_driver_age?: number
          min_licence_years?: number
        }
        Relationships: []
      }
      contacts: {
        Row: {
          created_at: string
          email: string
          id: string
          message: string
          name: string
          phone: string | null
          status: string
          subject: string
          updated_at: string
          agency_created_at: string | null
        }
        Insert: {
          created_at?: string
          email: string
          id?: string
          message: string
          name: string
          phone?: string | null
          status?: string
          subject: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string
          id?: string
          message?: string
          name?: string
          phone?: string | null
          status?: string
          subject?: string
          updated_at?: string
        }
        Relationships: []
      }
      deleted_bookings: {
        Row: {
          car_id: number | null
          customer_email: string | null
          customer_name: string | null
          customer_phone: string | null
          data: NonNullable<Json>
          deleted_at: string
          deleted_by: string | null
          end_date: string | null
          id: number
          original_booking_id: string
          pickup_location: string | null
          reference: string | null
          return_location: string | null
          start_date: string | null
          status: string | null
          total_price: number | null
        }
        Insert: {
          car_id?: number | null
          customer_email?: string | null
          customer_name?: string | null
          customer_phone?: string | null
          data: NonNullable<Json>
          deleted_at?: string
          deleted_by?: string | null
          end_date?: string | null
          id?: number
          original_booking_id: string
          pickup_location?: string | null
          reference?: never
          return_location?: string | null
          start_date?: string | null
          status?: string | null
          total_price?: number | null
        }
        Update: {
          car_id?: number | null
          customer_email?: string | null
          customer_name?: string | null
          customer_phone?: string | null
          data?: NonNullable<Json>
          deleted_at?: string
          deleted_by?: string | null
          end_date?: string | null
          id?: number
          original_booking_id?: string
          pickup_location?: string | null
          reference?: never
          return_location?: string | null
          start_date?: string | null
          status?: string | null
          total_price?: number | null
        }
        Relationships: []
      }
      notification_outbox: {
        Row: {
          attempts: number
          created_at: string
          id: number
          kind: string
          language: string
          last_error: string | null
          next_attempt_at: string
          payload: NonNullable<Json>
          recipient: string | null
          sent_at: string | null
          status: string
          subject_id: string
        }
        Insert: {
          attempts?: number
          created_at?: string
          id?: never
          kind: string
          language?: string
          last_error?: string | null
          next_attempt_at?: string
          payload: NonNullable<Json>
          recipient?: string | null
          sent_at?: string | null
          status?: string
          subject_id: string
        }
        Update: {
          attempts?: number
          created_at?: string
          id?: never
          kind?: string
          language?: string
          last_error?: string | null
          next_attempt_at?: string
          payload?: NonNullable<Json>
          recipient?: string | null
          sent_at?: string | null
          status?: string
          subject_id?: string
        }
        Relationships: []
      }
      payment_options: {
        Row: {
          discount_percent: number
          due_now_percent: number
          key: string
          position: number
        }
        Insert: {
          discount_percent: number
          due_now_percent: number
          key: string
          position?: number
        }
        Update: {
          discount_percent?: number
          due_now_percent?: number
          key?: string
          position?: number
        }
        Relationships: []
      }
      payments: {
        Row: {
          amount: number
          amount_mad: number
          booking_id: string | null
          booking_reference: string
          created_at: string
          currency: string
          failure: string | null
          id: string
          kind: string
          method: string | null
          note: string | null
          provider_capture_id: string | null
          provider_order_id: string | null
          provider_refund_id: string | null
          recorded_by: string | null
          refund_key: string | null
          settled_at: string | null
          status: string
        }
        Insert: {
          amount: number
          amount_mad: number
          booking_id?: string | null
          booking_reference: string
          created_at?: string
          currency: string
          failure?: string | null
          id?: string
          kind: string
          method?: string | null
          note?: string | null
          provider_capture_id?: string | null
          provider_order_id?: string | null
          provider_refund_id?: string | null
          recorded_by?: string | null
          refund_key?: string | null
          settled_at?: string | null
          status: string
        }
        Update: {
          amount?: number
          amount_mad?: number
          booking_id?: string | null
          booking_reference?: string
          created_at?: string
          currency?: string
          failure?: string | null
          id?: string
          kind?: string
          method?: string | null
          note?: string | null
          provider_capture_id?: string | null
          provider_order_id?: string | null
          provider_refund_id?: string | null
          recorded_by?: string | null
          refund_key?: string | null
          settled_at?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "payments_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          created_at: string
          email: string | null
          first_name: string | null
          id: string
          last_name: string | null
          role: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          email?: string | null
          first_name?: string | null
          id: string
          last_name?: string | null
          role?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string | null
          first_name?: string | null
          id?: string
          last_name?: string | null
          role?: string
          updated_at?: string
        }
        Relationships: []
      }
      rental_rules: {
        Row: {
          earliest_pickup_days: number
          free_cancellation_hours: number
          id: boolean
          late_cancellation_days: number
          longest_rental_days: number
          period_grace: string
          terms_version: string
        }
        Insert: {
          earliest_pickup_days?: number
          free_cancellation_hours?: number
          id?: boolean
          late_cancellation_days?: number
          longest_rental_days?: number
          period_grace?: string
          terms_version?: string
        }
        Update: {
          earliest_pickup_days?: number
          free_cancellation_hours?: number
          id?: boolean
          late_cancellation_days?: number
          longest_rental_days?: number
          period_grace?: string
          terms_version?: string
        }
        Relationships: []
      }
      reservation_settings: {
        Row: {
          holds_per_address: number
          holds_per_email: number
          holds_per_phone: number
          id: boolean
          long_hold: string
          long_hold_after_days: number
          long_hold_rental_days: number
          max_days_ahead: number
          my_booking_link_ttl: string
          paypal_hold: string
          request_hold: string
          review_link_ttl: string
          turnaround: string
          whatsapp_fleet_share: number
        }
        Insert: {
          holds_per_address?: number
          holds_per_email?: number
          holds_per_phone?: number
          id?: boolean
          long_hold?: string
          long_hold_after_days?: number
          long_hold_rental_days?: number
          max_days_ahead?: number
          my_booking_link_ttl?: string
          paypal_hold?: string
          request_hold?: string
          review_link_ttl?: string
          turnaround?: string
          whatsapp_fleet_share?: number
        }
        Update: {
          holds_per_address?: number
          holds_per_email?: number
          holds_per_phone?: number
          id?: boolean
          long_hold?: string
          long_hold_after_days?: number
          long_hold_rental_days?: number
          max_days_ahead?: number
          my_booking_link_ttl?: string
          paypal_hold?: string
          request_hold?: string
          review_link_ttl?: string
          turnaround?: string
          whatsapp_fleet_share?: number
        }
        Relationships: []
      }
      whatsapp_clicks: {
        Row: {
          car_id: number | null
          created_at: string
          id: number
          ip_address: unknown
          user_agent: string | null
        }
        Insert: {
          car_id?: number | null
          created_at?: string
          id?: number
          ip_address?: unknown
          user_agent?: string | null
        }
        Update: {
          car_id?: number | null
          created_at?: string
          id?: number
          ip_address?: unknown
          user_agent?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "whatsapp_clicks_car_id_fkey"
            columns: ["car_id"]
            isOneToOne: false
            referencedRelation: "cars"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      admin_customers: {
        Args: Record<PropertyKey, never>
        Returns: {
          booking_count: number
          bookings: Json
          customer_key: string
          email: string
          last_booked_at: string
          last_visit: string
          name: string
          phone: string
          total_paid: number
        }[]
      }
      admin_search_bookings: { Args: { p_query: string }; Returns: string[] }
      agency_created_at:
        | {
            Args: {
              "": Database["public"]["Tables"]["booking_change_requests"]["Row"]
            }
            Returns: {
              error: true
            } & "the function public.agency_created_at with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache"
          }
        | {
            Args: { "": Database["public"]["Tables"]["contacts"]["Row"] }
            Returns: {
              error: true
            } & "the function public.agency_created_at with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache"
          }
      bookable: {
        Args: { "": Database["public"]["Tables"]["cars"]["Row"] }
        Returns: {
          error: true
        } & "the function public.bookable with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache"
      }
      booking_notification_payload: {
        Args: { b: Database["public"]["Tables"]["bookings"]["Row"] }
        Returns: Json
      }
      booking_receipt: { Args: { p_id: string }; Returns: Json }
      car_availability: {
        Args: { p_car_id?: number; p_pickup: string; p_return: string }
        Returns: {
          car_id: number
          days: number
          deposit: number
          free: boolean
          free_cancellation_until: string
          late_cancellation_fee: number
          next_free: string
          online_discount_percent: number
          online_total: number
          reason: string
          subtotal: number
          total: number
        }[]
      }
      car_calendar: {
        Args: { p_car_id: number; p_days?: number; p_from: string }
        Returns: {
          day: string
          state: string
        }[]
      }
      decide_change_request: {
        Args: { p_accept: boolean; p_id: string }
        Returns: {
          available: boolean | null
          booking_id: string
          car_id: number | null
          created_at: string
          decided_at: string | null
          decided_by: string | null
          end_date: string | null
          id: string
          kind: string
          message: string | null
          pickup_time: string | null
          quote: Json | null
          refund_mad: number | null
          return_time: string | null
          start_date: string | null
          state: string
        }
        SetofOptions: {
          from: "*"
          to: "booking_change_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      expire_booking_holds: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      included_extras: { Args: { p_car: Json }; Returns: string[] }
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean }
      is_e164: { Args: { p: string }; Returns: boolean }
      my_booking: { Args: { p_token: string }; Returns: Json }
      my_booking_cancel: { Args: { p_token: string }; Returns: Json }
      my_booking_cancel_late: {
        Args: { p_fee: number; p_token: string }
        Returns: Json
      }
      my_booking_change_quote: {
        Args: {
          p_car_id: number
          p_end: string
          p_pickup_time?: string
          p_return_time?: string
          p_start: string
          p_token: string
        }
        Returns: Json
      }
      my_booking_change_request: {
        Args: {
          p_car_id: number
          p_end: string
          p_message?: string
          p_pickup_time?: string
          p_return_time?: string
          p_start: string
          p_token: string
        }
        Returns: Json
      }
      my_booking_request_link: {
        Args: { p_email: string; p_reference: string }
        Returns: Json
      }
      my_booking_update: {
        Args: { p_details: Json; p_token: string }
        Returns: Json
      }
      page_data: { Args: { p_path: string }; Returns: Json }
      page_meta:
        | { Args: { p_path: string }; Returns: Json }
        | { Args: { p_lang: string; p_path: string }; Returns: Json }
      phone_key: { Args: { p: string }; Returns: string }
      quote_booking: {
        Args: {
          p_car_id: number
          p_end: string
          p_extras?: Json
          p_insurance?: string
          p_payment_method?: string
          p_payment_option?: string
          p_pickup_time?: string
          p_return_time?: string
          p_start: string
        }
        Returns: Json
      }
      record_paypal_capture: {
        Args: { p_booking_id: string; p_capture_id: string }
        Returns: string
      }
      release_holds: { Args: { p_ids: string[] }; Returns: number }
      rental_is_visitor: { Args: Record<PropertyKey, never>; Returns: boolean }
      rental_periods: {
        Args: { p_pickup: string; p_return: string }
        Returns: number
      }
      rental_terms: { Args: Record<PropertyKey, never>; Returns: Json }
      revenue_by_month: {
        Args: { p_from: string; p_to: string }
        Returns: {
          counter: number
          month: string
          online: number
          received: number
          refunds: number
        }[]
      }
      review_invitation: { Args: { p_token: string }; Returns: Json }
      send_pickup_reminders: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      sitemap_paths: {
        Args: Record<PropertyKey, never>
        Returns: {
          lastmod: string
          path: string
        }[]
      }
      slugify: { Args: { value: string }; Returns: string }
      submit_review: {
        Args: { p_comment?: string; p_stars: number; p_token: string }
        Returns: Json
      }
      summary_translations: {
        Args: { "": Database["public"]["Tables"]["blog_posts"]["Row"] }
        Returns: {
          error: true
        } & "the function public.summary_translations with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache"
      }
      suspicious_holds: {
        Args: { p_min?: number }
        Returns: {
          booking_ids: string[]
          booking_refs: string[]
          cars: number
          first_start: string
          holds: number
          key: string
          kind: string
          last_end: string
          latest_at: string
        }[]
      }
      translated: {
        Args: { field: string; lang: string; t: Json }
        Returns: string
      }
      translations_valid: {
        Args: { fields: string[]; t: Json }
        Returns: boolean
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

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
  public: {
    Enums: {},
  },
} as const
